import type { EventMetadata, RecordedEvent } from '../../shared-kernel/index.js';

export type { EventMetadata, RecordedEvent };

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
