import { createHash } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Rel } from '@mikro-orm/core';
import { Account } from './account.aggregate.js';

/** How long an activation link works (docs/adr/0052). */
export const ACTIVATION_DAYS = 14;

export const ACTIVATION_INVALID = "Ce lien d'activation n'est plus valable (déjà utilisé, expiré ou remplacé) : demandez un nouveau lien à votre centre de formation.";

export const activationSha256 = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * The single-use, expiring link with which a learner created without a password chooses it
 * (docs/adr/0052). Only the SHA-256 of its secret is kept: the link itself is e-mailed, or
 * answered once to the admin, and never stored.
 */
@Entity({ tableName: 'activation_token', schema: 'identity' })
export class ActivationToken {
  @PrimaryKey({ type: 'string', fieldName: 'secret_sha256' })
  secretSha256: string;

  @ManyToOne(() => Account, { fieldName: 'account_id', deleteRule: 'cascade' })
  account: Rel<Account>;

  @Property({ type: 'uuid', fieldName: 'import_id', nullable: true })
  importId: string | null;

  @Property({ type: 'integer', fieldName: 'import_row', nullable: true })
  importRow: number | null;

  @Property({ type: 'datetime', fieldName: 'expires_at' })
  expiresAt: Date;

  @Property({ type: 'datetime', fieldName: 'used_at', nullable: true })
  usedAt: Date | null = null;

  /** When the link was e-mailed (the activation mails' job, docs/adr/0052). */
  @Property({ type: 'datetime', fieldName: 'mailed_at', nullable: true })
  mailedAt: Date | null = null;

  constructor(account: Account, secret: string, now: Date, origin: { importId: string; importRow: number } | null) {
    this.account = account;
    this.secretSha256 = activationSha256(secret);
    this.expiresAt = new Date(now.getTime() + ACTIVATION_DAYS * 86_400_000);
    this.importId = origin?.importId ?? null;
    this.importRow = origin?.importRow ?? null;
  }

  /** Whether the link still opens the account at `now`. */
  usable(now: Date): boolean {
    return this.usedAt === null && this.expiresAt.getTime() > now.getTime();
  }

  use(now: Date): void {
    this.usedAt = now;
  }
}
