import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PagedOf } from '../http/paging.js';
import type { EventView } from './event-log.queries.js';
import type { ProjectionsStatus, SubscriptionStatus } from './projection-status.js';

const nullableString = { type: String, nullable: true } as const;
const nullableNumber = { type: Number, nullable: true } as const;

export class EventResponse implements EventView {
  @ApiProperty() position!: number;
  @ApiProperty({ format: 'uuid' }) event_id!: string;
  @ApiProperty() stream_type!: string;
  @ApiProperty() stream_id!: string;
  @ApiProperty() stream_version!: number;
  @ApiProperty() event_type!: string;
  @ApiProperty() schema_version!: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) metadata!: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) occurred_at!: string;
  @ApiProperty({ format: 'date-time' }) recorded_at!: string;
  @ApiProperty(nullableString) prev_hash!: string | null;
  @ApiProperty() hash!: string;
}

export class EventPage extends PagedOf(EventResponse) {}

export class SubscriptionStatusResponse implements SubscriptionStatus {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['projection', 'policy'] }) kind!: 'projection' | 'policy';
  @ApiProperty() registered!: boolean;
  @ApiProperty({ oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string', enum: ['all'] }] }) handles!: readonly string[] | 'all';
  @ApiProperty({ enum: ['ok', 'en_retard', 'en_echec', 'jamais_lancee'] }) status!: SubscriptionStatus['status'];
  @ApiProperty() position!: number;
  @ApiProperty() transaction_id!: string;
  @ApiProperty() events_applied!: number;
  @ApiProperty() lag_events!: number;
  @ApiProperty() lag_seconds!: number;
  @ApiProperty(nullableString) updated_at!: string | null;
  @ApiProperty(nullableString) rebuilt_at!: string | null;
  @ApiProperty(nullableString) last_error!: string | null;
  @ApiProperty(nullableNumber) failing_position!: number | null;
  @ApiProperty(nullableString) failing_event_type!: string | null;
  @ApiProperty() error_count!: number;
  @ApiProperty(nullableString) failed_at!: string | null;
  @ApiProperty(nullableString) next_retry_at!: string | null;
}

export class ProjectionsStatusResponse implements ProjectionsStatus {
  @ApiProperty({ enum: ['ok', 'degraded', 'unavailable'] }) status!: ProjectionsStatus['status'];
  @ApiProperty({ enum: ['on', 'off'] }) runner!: 'on' | 'off';
  @ApiProperty() last_position!: number;
  @ApiProperty(nullableNumber) oldest_transaction_seconds!: number | null;
  @ApiProperty({ type: [SubscriptionStatusResponse] }) items!: SubscriptionStatusResponse[];
}

export class RetryResponse {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['demandée'] }) retry!: 'demandée';
}

/** What /api/health tells anyone of a projection: its state and lag (errors are for admins). */
export class PublicProjectionState {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['projection', 'policy'] }) kind!: 'projection' | 'policy';
  @ApiProperty({ enum: ['ok', 'en_retard', 'en_echec', 'jamais_lancee'] }) status!: SubscriptionStatus['status'];
  @ApiProperty() lag_events!: number;
  @ApiProperty() lag_seconds!: number;
}

export class PublicProjectionsStatus {
  @ApiProperty({ enum: ['ok', 'degraded', 'unavailable'] }) status!: ProjectionsStatus['status'];
  @ApiPropertyOptional({ enum: ['on', 'off'] }) runner?: 'on' | 'off';
  @ApiPropertyOptional(nullableNumber) oldest_transaction_seconds?: number | null;
  @ApiPropertyOptional({ type: [PublicProjectionState] }) items?: PublicProjectionState[];
}

/** The process lives (always 200): `degraded` while the database cannot be reached (docs/adr/0023). */
export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status!: 'ok' | 'degraded';
  @ApiProperty({ enum: ['ok', 'indisponible'] }) database!: 'ok' | 'indisponible';
  @ApiPropertyOptional({ type: PublicProjectionsStatus }) projections?: PublicProjectionsStatus;
}

/** Whether this node can serve requests now (200) or not until its database, schema and storage are (503). */
export class ReadyResponse {
  @ApiProperty({ enum: ['ready', 'unavailable'] }) status!: 'ready' | 'unavailable';
  @ApiProperty({ enum: ['ok', 'indisponible'] }) database!: 'ok' | 'indisponible';
  @ApiProperty({ enum: ['ok', 'en_attente', 'inconnu'], description: 'Les migrations que ce nœud connaît sont appliquées (inconnu : base indisponible).' })
  migrations!: 'ok' | 'en_attente' | 'inconnu';
  @ApiProperty({ enum: ['ok', 'indisponible'], description: 'Le stockage des fichiers accepte des écritures.' }) storage!: 'ok' | 'indisponible';
}
