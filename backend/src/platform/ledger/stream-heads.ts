import type { SqlExecutor } from '../event-log/sql-executor.js';
import { headLine, type StreamHead } from './merkle.js';

export interface LogCut {
  transactionId: string;
  position: number;
}

/**
 * The last event safely readable now: written by a transaction older than every one still running
 * (the snapshot's xmin, as the projection runner reads, docs/adr/0004), so no event can ever
 * appear at or before it. { '0', 0 } when the log is empty.
 */
export async function currentCut(sql: SqlExecutor): Promise<LogCut> {
  const [row] = await sql.query<{ transaction_id: string; position: string }>(
    `select e.transaction_id::text, e.position from eventlog.event e
      where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by e.transaction_id desc, e.position desc limit 1`,
  );
  return row ? { transactionId: row.transaction_id, position: Number(row.position) } : { transactionId: '0', position: 0 };
}

/** Byte order of the UTF-8 lines: what a third party re-sorting the leaves gets, whatever the database's collation. */
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/**
 * Every stream's head among the events at or before `cut` (its highest version there), as the
 * leaves of the checkpoint's Merkle tree: `type/id@version:hash`, sorted by stream (`type/id`) in
 * UTF-8 byte order. Also the count of those events.
 */
export async function streamHeadsAt(sql: SqlExecutor, cut: LogCut): Promise<{ heads: StreamHead[]; events: number }> {
  const rows = await sql.query<{ stream_type: string; stream_id: string; stream_version: number; hash: string; events: string }>(
    `select distinct on (stream_type, stream_id) stream_type, stream_id, stream_version, hash,
            count(*) over (partition by stream_type, stream_id) as events
       from eventlog.event
      where (transaction_id, position) <= ($1::xid8, $2::bigint)
      order by stream_type, stream_id, stream_version desc`,
    [cut.transactionId, cut.position],
  );
  const heads = rows.map((r) => ({ streamType: r.stream_type, streamId: r.stream_id, version: r.stream_version, hash: r.hash }));
  return { heads: sortHeads(heads), events: rows.reduce((sum, r) => sum + Number(r.events), 0) };
}

export const sortHeads = (heads: StreamHead[]): StreamHead[] => heads.sort((a, b) => byBytes(`${a.streamType}/${a.streamId}`, `${b.streamType}/${b.streamId}`));

export const headLines = (heads: readonly StreamHead[]): string[] => heads.map(headLine);
