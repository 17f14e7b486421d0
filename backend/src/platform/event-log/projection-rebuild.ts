import type pg from 'pg';
import { readCheckpoint } from './checkpoints.js';
import { LOG_START, readBatch, samePosition, type LogPosition } from './event-reader.js';
import type { Projection } from './projection.js';
import { ProjectionTable } from './projection-table.js';
import { sqlExecutor, type SqlExecutor } from './sql-executor.js';
import { LOCK_CLASS } from './subscription-worker.js';

export interface RebuildReport {
  name: string;
  events: number;
  rows: number;
  digest: string;
  durationMs: number;
  eventsPerSecond: number;
  /** --check only: whether the live rows equal the replay up to the live checkpoint. */
  matchesLive?: boolean;
  liveDigest?: string;
}

export interface RebuildOptions {
  batchSize: number;
  /** Compare a replay with the live rows instead of replacing them. */
  checkOnly?: boolean;
  onProgress?: (events: number) => void;
}

const SHADOW = 'pg_temp.projection_rebuild';

/** count and md5 of a table's rows in a fixed order: two tables with the same rows give the same digest. */
export async function rowsDigest(sql: SqlExecutor, table: string): Promise<{ rows: number; digest: string }> {
  const [row] = await sql.query<{ rows: number; digest: string }>(
    `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from ${table} t`,
  );
  return row;
}

export class RebuildFailedError extends Error {}

/**
 * Replays the whole log through a projection into a temporary copy of its table, then swaps the
 * rows and the checkpoint in one short transaction: readers see the old rows until then. The
 * session-level advisory lock keeps the live runners (of every node) off it meanwhile.
 */
export async function rebuildProjection(pool: pg.Pool, projection: Projection, options: RebuildOptions): Promise<RebuildReport> {
  const started = performance.now();
  const client = await pool.connect();
  const sql = sqlExecutor(client);
  let locked = false;
  try {
    await sql.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, projection.name]);
    locked = true;
    const table = await ProjectionTable.describe(sql, projection);
    const live = options.checkOnly ? await readCheckpoint(sql, projection.name, 'projection') : null;
    await sql.query(`drop table if exists ${SHADOW}`);
    await sql.query(`create temporary table projection_rebuild (like ${projection.table} including defaults including constraints including indexes)`);
    const types = projection.handles === 'all' ? null : projection.handles;
    let at: LogPosition = LOG_START;
    let events = 0;
    for (;;) {
      const batch = await readBatch(sql, at, types, options.batchSize, live);
      const result = await table.apply(sql, SHADOW, batch.events);
      if (result.failure) {
        const { event, error } = result.failure;
        throw new RebuildFailedError(
          `${projection.name} : échec à l'événement ${event.position} (${event.type}, ${event.eventId}) : ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      events += batch.events.length;
      at = batch.end;
      options.onProgress?.(events);
      if (!batch.more) break;
    }
    const rebuilt = await rowsDigest(sql, SHADOW);
    const report = (extra: Partial<RebuildReport>): RebuildReport => {
      const durationMs = performance.now() - started;
      return { name: projection.name, events, ...rebuilt, durationMs, eventsPerSecond: events / Math.max(durationMs / 1000, 1e-3), ...extra };
    };
    if (live) {
      if (!samePosition(at, live) && !(events === 0 && live.position === 0)) {
        throw new RebuildFailedError(`${projection.name} : la relecture s'arrête avant le point de reprise en direct (${live.position}).`);
      }
      const current = await rowsDigest(sql, projection.table);
      return report({ matchesLive: current.digest === rebuilt.digest, liveDigest: current.digest });
    }
    await sql.query('begin');
    await sql.query(`delete from ${projection.table}`);
    await sql.query(`insert into ${projection.table} select * from ${SHADOW}`);
    await sql.query(
      `insert into eventlog.checkpoint (name, kind, transaction_id, position, events_applied, rebuilt_at)
       values ($1, 'projection', $2::xid8, $3, $4, now())
       on conflict (name) do update set transaction_id = excluded.transaction_id, position = excluded.position,
         events_applied = excluded.events_applied, rebuilt_at = excluded.rebuilt_at, updated_at = now(),
         failing_position = null, failing_event_type = null, last_error = null, error_count = 0, failed_at = null, next_retry_at = null`,
      [projection.name, at.transactionId, at.position, events],
    );
    await sql.query('commit');
    return report({});
  } catch (error) {
    await sql.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await sql.query(`drop table if exists ${SHADOW}`).catch(() => undefined);
    const unlocked = !locked || (await sql.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, projection.name]).then(() => true, () => false));
    client.release(!unlocked);
  }
}
