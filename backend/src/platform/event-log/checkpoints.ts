import type { LogPosition } from './event-reader.js';
import type { RecordedEvent } from './recorded-event.js';
import type { SqlExecutor } from './sql-executor.js';

export interface Checkpoint extends LogPosition {
  name: string;
  kind: 'projection' | 'policy';
  eventsApplied: number;
  errorCount: number;
  nextRetryAt: Date | null;
}

interface CheckpointRow {
  name: string;
  kind: 'projection' | 'policy';
  transaction_id: string;
  position: number;
  events_applied: number;
  error_count: number;
  next_retry_at: Date | string | null;
}

/** Creates the checkpoint at the start of the log if it is not there yet (outside any batch transaction). */
export async function ensureCheckpoint(sql: SqlExecutor, name: string, kind: Checkpoint['kind']): Promise<true> {
  await sql.query('insert into eventlog.checkpoint (name, kind) values ($1, $2) on conflict (name) do nothing', [name, kind]);
  return true;
}

export async function readCheckpoint(sql: SqlExecutor, name: string, kind: Checkpoint['kind']): Promise<Checkpoint> {
  let [row] = await sql.query<CheckpointRow>(
    'select name, kind, transaction_id::text, position, events_applied, error_count, next_retry_at from eventlog.checkpoint where name = $1',
    [name],
  );
  if (!row) {
    await ensureCheckpoint(sql, name, kind);
    [row] = await sql.query<CheckpointRow>(
      'select name, kind, transaction_id::text, position, events_applied, error_count, next_retry_at from eventlog.checkpoint where name = $1',
      [name],
    );
  }
  return {
    name: row.name,
    kind: row.kind,
    transactionId: row.transaction_id,
    position: Number(row.position),
    eventsApplied: Number(row.events_applied),
    errorCount: row.error_count,
    nextRetryAt: row.next_retry_at === null ? null : new Date(row.next_retry_at),
  };
}

/** Moves the checkpoint on and clears any failure: the events before `to` are done. */
export async function advanceCheckpoint(sql: SqlExecutor, name: string, to: LogPosition, applied: number): Promise<void> {
  await sql.query(
    `update eventlog.checkpoint
        set transaction_id = $2::xid8, position = $3, events_applied = events_applied + $4, updated_at = now(),
            failing_position = null, failing_event_type = null, last_error = null, error_count = 0, failed_at = null, next_retry_at = null
      where name = $1`,
    [name, to.transactionId, to.position, applied],
  );
}

/** Stops the checkpoint just before the failing event, and says when to try it again. */
export async function recordFailure(
  sql: SqlExecutor,
  name: string,
  at: LogPosition,
  applied: number,
  event: RecordedEvent,
  error: unknown,
  failedAt: Date,
  retryDelayMs: (errorCount: number) => number,
): Promise<{ errorCount: number; nextRetryAt: Date }> {
  const [row] = await sql.query<{ error_count: number }>('select error_count from eventlog.checkpoint where name = $1', [name]);
  const errorCount = (row?.error_count ?? 0) + 1;
  const nextRetryAt = new Date(failedAt.getTime() + retryDelayMs(errorCount));
  await sql.query(
    `update eventlog.checkpoint
        set transaction_id = $2::xid8, position = $3, events_applied = events_applied + $4, updated_at = now(),
            failing_position = $5, failing_event_type = $6, last_error = $7, error_count = $8, failed_at = $9, next_retry_at = $10
      where name = $1`,
    [name, at.transactionId, at.position, applied, event.position, event.type, describeError(error), errorCount, failedAt.toISOString(), nextRetryAt.toISOString()],
  );
  return { errorCount, nextRetryAt };
}

export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
