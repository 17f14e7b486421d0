/** Who and what caused an event; stored with it and covered by its hash. */
export interface EventMetadata {
  /** Account id of the person who acted, null for the system (demo data, scripts). */
  actorId: number | null;
  actorRole: string | null;
  /** Shared by everything one request (or one chain of policies) caused. */
  correlationId: string | null;
  /** The event that caused this one, when a policy reacted to it. */
  causationId: string | null;
}

/** An event a command wants to record: a past-tense fact with a small payload of ids and values. */
export interface NewEvent<T extends string = string, P extends object = object> {
  type: T;
  payload: P;
  schemaVersion?: number;
  /** Give a stable id to make a retried append a no-op (the same id is stored once). */
  eventId?: string;
  /** Defaults to the injected Clock. */
  occurredAt?: Date;
}

/** An event as the log holds it. Dates are ISO 8601 strings (UTC, milliseconds) so that evolve stays pure. */
export interface RecordedEvent<T extends string = string, P = Record<string, unknown>> {
  position: number;
  transactionId: string;
  eventId: string;
  streamType: string;
  streamId: string;
  streamVersion: number;
  type: T;
  schemaVersion: number;
  payload: P;
  metadata: EventMetadata;
  occurredAt: string;
  recordedAt: string;
  prevHash: string | null;
  hash: string;
}

/** Maps an eventlog.event row (as pg returns it) to a RecordedEvent. */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    position: Number(row.position),
    transactionId: String(row.transaction_id),
    eventId: row.event_id,
    streamType: row.stream_type,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.event_type,
    schemaVersion: row.schema_version,
    payload: row.payload,
    metadata: row.metadata as unknown as EventMetadata,
    occurredAt: isoString(row.occurred_at),
    recordedAt: isoString(row.recorded_at),
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

export interface EventRow {
  position: number | string;
  transaction_id: string;
  event_id: string;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  occurred_at: Date | string;
  recorded_at: Date | string;
  prev_hash: string | null;
  hash: string;
}

export function isoString(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
