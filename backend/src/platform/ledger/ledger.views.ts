import { ApiProperty } from '@nestjs/swagger';
import type { StoredCheckpoint } from './ledger.store.js';

/** A checkpoint as published (docs/adr/0038): never a stream id or head. */
export class CheckpointView {
  @ApiProperty({ description: 'Numéro du point de contrôle (1, 2, …)' }) seq!: number;
  @ApiProperty({ description: 'Heure du serveur (ISO 8601, UTC)' }) time!: string;
  @ApiProperty({ description: 'Dernier événement couvert, dans l’ordre de validation : « transaction/position »' }) log_position!: string;
  @ApiProperty({ description: 'Nombre de flux (feuilles de l’arbre de Merkle)' }) stream_count!: number;
  @ApiProperty({ description: 'Nombre d’événements couverts' }) event_count!: number;
  @ApiProperty({ description: 'Racine de Merkle (RFC 9162) des têtes de flux, hexadécimal' }) root!: string;
  @ApiProperty({ description: 'Identifiant de la clé : SHA-256 de la clé publique (DER SubjectPublicKeyInfo)' }) key_id!: string;
  @ApiProperty({ description: 'Le texte signé, exactement (UTF-8, fins de ligne LF)' }) body!: string;
  @ApiProperty({ description: 'Signature Ed25519 du texte signé, base64' }) signature!: string;
  @ApiProperty({ description: 'Jeton d’horodatage RFC 3161 (DER, base64) de SHA-256(body + « signature: … »), ou null', nullable: true, type: String })
  timestamp_token!: string | null;
  @ApiProperty({ description: 'Heure donnée par l’autorité d’horodatage, ou null', nullable: true, type: String }) timestamp_time!: string | null;
}

export class CheckpointPage {
  @ApiProperty() count!: number;
  @ApiProperty({ nullable: true, type: String }) next!: string | null;
  @ApiProperty({ nullable: true, type: String }) previous!: string | null;
  @ApiProperty({ type: [CheckpointView] }) results!: CheckpointView[];
}

export class SigningKeyView {
  @ApiProperty() key_id!: string;
  @ApiProperty({ enum: ['Ed25519'] }) algorithm!: string;
  @ApiProperty({ description: 'Clé publique, PEM (SubjectPublicKeyInfo)' }) public_key_pem!: string;
  @ApiProperty({ description: 'Première signature faite avec cette clé' }) first_used_at!: string;
}

export class SigningKeysView {
  @ApiProperty({ type: [SigningKeyView] }) keys!: SigningKeyView[];
}

export class CheckpointWriteView extends CheckpointView {
  @ApiProperty({ description: 'false : rien de nouveau depuis le dernier point de contrôle, c’est lui qui est rendu' }) created!: boolean;
}

export function checkpointView(c: StoredCheckpoint): CheckpointView {
  return {
    seq: c.seq,
    time: c.time,
    log_position: `${c.transactionId}/${c.position}`,
    stream_count: c.streams,
    event_count: c.events,
    root: c.root,
    key_id: c.keyId,
    body: c.body,
    signature: c.signature,
    timestamp_token: c.tsaToken ? c.tsaToken.toString('base64') : null,
    timestamp_time: c.tsaTime ? c.tsaTime.toISOString() : null,
  };
}
