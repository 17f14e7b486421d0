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

const CHECKPOINT_COLUMNS = 'name, kind, transaction_id::text, position, events_applied, error_count, next_retry_at';

function toCheckpoint(row: CheckpointRow): Checkpoint {
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

export async function readCheckpoint(sql: SqlExecutor, name: string, kind: Checkpoint['kind']): Promise<Checkpoint> {
  let [row] = await sql.query<CheckpointRow>(`select ${CHECKPOINT_COLUMNS} from eventlog.checkpoint where name = $1`, [name]);
  if (!row) {
    await ensureCheckpoint(sql, name, kind);
    [row] = await sql.query<CheckpointRow>(`select ${CHECKPOINT_COLUMNS} from eventlog.checkpoint where name = $1`, [name]);
  }
  return toCheckpoint(row);
}

/** Creates the missing checkpoints of several subscriptions in one statement. */
export async function ensureCheckpoints(sql: SqlExecutor, subscriptions: readonly { name: string; kind: Checkpoint['kind'] }[]): Promise<void> {
  if (subscriptions.length === 0) return;
  await sql.query('insert into eventlog.checkpoint (name, kind) select * from unnest($1::text[], $2::text[]) on conflict (name) do nothing', [
    subscriptions.map((s) => s.name),
    subscriptions.map((s) => s.kind),
  ]);
}

/** The checkpoints of `names` that exist, in one statement. */
export async function readCheckpoints(sql: SqlExecutor, names: readonly string[]): Promise<Checkpoint[]> {
  if (names.length === 0) return [];
  const rows = await sql.query<CheckpointRow>(`select ${CHECKPOINT_COLUMNS} from eventlog.checkpoint where name = any($1::text[])`, [names]);
  return rows.map(toCheckpoint);
}

/**
 * How many subscriptions (both kinds, or one) have not yet read the newest event, compared in the
 * log's read order, (transaction_id, position): a position is taken at insert and a transaction that
 * inserted later may commit first, so the newest event read is not always the largest position.
 * For what waits for the log to be quiet: the tests, the restore drill, the benchmark.
 */
export async function subscriptionsBehind(sql: { query(text: string, params: unknown[]): Promise<Record<string, unknown>[]> }, kind: Checkpoint['kind'] | null = null): Promise<number> {
  const [row] = await sql.query(
    `select count(*)::int as n from eventlog.checkpoint c
      where ($1::text is null or c.kind = $1)
        and (c.transaction_id, c.position) < (select transaction_id, position from eventlog.event order by transaction_id desc, position desc limit 1)`,
    [kind],
  );
  return Number(row!.n);
}

/** Moves the checkpoint on and clears any failure: the events before `to` are done. */
export async function advanceCheckpoint(sql: SqlExecutor, name: string, to: LogPosition, applied: number): Promise<void> {
  await advanceCheckpoints(sql, [{ name, to, applied }]);
}

/** Moves several checkpoints on in one statement, each as advanceCheckpoint does. */
export async function advanceCheckpoints(sql: SqlExecutor, moves: readonly { name: string; to: LogPosition; applied: number }[]): Promise<void> {
  if (moves.length === 0) return;
  await sql.query(
    `update eventlog.checkpoint c
        set transaction_id = m.transaction_id, position = m.position, events_applied = c.events_applied + m.applied, updated_at = now(),
            failing_position = null, failing_event_type = null, last_error = null, error_count = 0, failed_at = null, next_retry_at = null
       from unnest($1::text[], $2::xid8[], $3::bigint[], $4::bigint[]) as m(name, transaction_id, position, applied)
      where c.name = m.name`,
    [moves.map((m) => m.name), moves.map((m) => m.to.transactionId), moves.map((m) => m.to.position), moves.map((m) => m.applied)],
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
