import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { CREDENTIAL_STREAM, type XapiCredentialEvent } from '../contracts/xapi.events.js';
import { SCOPES, type Scope } from './principal.js';

export const CREDENTIAL_NAME_MAX = 100;

/**
 * An activity provider's HTTP Basic credential: a public key and a secret shown once, of which
 * only the sha256 is kept (the secret is 32 random bytes: a hash as slow as argon2 adds nothing
 * against guessing it, and would cost every statement a few dozen milliseconds).
 */
@Entity({ tableName: 'credential', schema: 'xapi' })
export class XapiCredential extends AggregateRoot<XapiCredentialEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'text' })
  key: string;

  @Property({ type: 'text', fieldName: 'secret_sha256' })
  secretSha256: string;

  @Property({ type: 'text[]' })
  scopes: string[];

  @Property({ type: 'integer', fieldName: 'created_by', nullable: true })
  createdBy: number | null;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'datetime', fieldName: 'revoked_at', nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(name: string, key: string, secretSha256: string, scopes: string[], createdBy: number | null, now: Date) {
    super();
    const trimmed = name.trim();
    if (!trimmed) throw new InvalidInputError('Veuillez nommer cet accès (le fournisseur de contenu qui l’utilisera).', 'name');
    if (trimmed.length > CREDENTIAL_NAME_MAX) throw new InvalidInputError(`Le nom ne doit pas dépasser ${CREDENTIAL_NAME_MAX} caractères.`, 'name');
    if (/[\r\n]/.test(trimmed)) throw new InvalidInputError('Le nom doit tenir sur une ligne.', 'name');
    const unique = [...new Set(scopes)];
    if (unique.length === 0) throw new InvalidInputError('Choisissez au moins une autorisation.', 'scopes');
    for (const scope of unique) if (!(SCOPES as readonly string[]).includes(scope)) throw new InvalidInputError(`Autorisation inconnue : « ${scope} ».`, 'scopes');
    this.name = trimmed;
    this.key = key;
    this.secretSha256 = secretSha256;
    this.scopes = unique as Scope[];
    this.createdBy = createdBy;
    this.createdAt = now;
    this.record(() => ({ type: 'XapiCredentialIssued', payload: { credentialId: this.id, key: this.key, scopes: this.scopes } }));
  }

  stream(): StreamRef {
    return { type: CREDENTIAL_STREAM, id: this.id };
  }

  revoke(now: Date): void {
    if (this.revokedAt) throw new ConflictError('Cet accès est déjà révoqué.');
    this.revokedAt = now;
    this.record({ type: 'XapiCredentialRevoked', payload: { credentialId: this.id, key: this.key } });
  }
}
