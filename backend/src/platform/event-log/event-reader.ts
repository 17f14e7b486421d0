import { toRecordedEvent, type EventRow, type RecordedEvent } from './recorded-event.js';
import type { SqlExecutor } from './sql-executor.js';

/** A place in commit order: events are read by (transaction_id, position), see docs/adr/0004. */
export interface LogPosition {
  transactionId: string;
  position: number;
}

export const LOG_START: LogPosition = { transactionId: '0', position: 0 };

export function samePosition(a: LogPosition, b: LogPosition): boolean {
  return a.transactionId === b.transactionId && a.position === b.position;
}

export function positionOf(event: RecordedEvent): LogPosition {
  return { transactionId: event.transactionId, position: event.position };
}

export interface Batch {
  events: RecordedEvent[];
  /** Where the reader stands once it has handled every event of the batch. */
  end: LogPosition;
  /** The batch was full: read again at once. */
  more: boolean;
  /** Committed events wait behind a transaction still running: look again soon. */
  blocked: boolean;
  /** The last event readable after `from` (up to `until`), whatever its type; null when there is none. */
  tip: LogPosition | null;
}

type BatchRow = Partial<EventRow> & { tip_transaction_id: string | null; tip_position: number | null; blocked: boolean };

/**
 * Reads the events after `from` that are safe to hand out: only those written by transactions
 * older than the oldest one still running (the snapshot's xmin). Such a transaction has ended, so
 * no event can ever appear before what is read here; a rolled-back one is simply not there.
 * One statement, hence one snapshot, for the events, the tip and the blocked flag.
 */
export async function readBatch(
  sql: SqlExecutor,
  from: LogPosition,
  types: readonly string[] | null,
  limit: number,
  until: LogPosition | null = null,
): Promise<Batch> {
  const rows = await sql.query<BatchRow>(
    `with h as materialized (select pg_snapshot_xmin(pg_current_snapshot()) as horizon),
     batch as materialized (
       select e.* from eventlog.event e
        where (e.transaction_id, e.position) > ($1::xid8, $2::bigint)
          and e.transaction_id < (select horizon from h)
          and ($3::text[] is null or e.event_type = any($3::text[]))
          and ($5::xid8 is null or (e.transaction_id, e.position) <= ($5::xid8, $6::bigint))
        order by e.transaction_id, e.position
        limit $4),
     tip as materialized (
       select e.transaction_id, e.position from eventlog.event e
        where (e.transaction_id, e.position) > ($1::xid8, $2::bigint)
          and e.transaction_id < (select horizon from h)
          and ($5::xid8 is null or (e.transaction_id, e.position) <= ($5::xid8, $6::bigint))
        order by e.transaction_id desc, e.position desc
        limit 1)
     select b.*, (select transaction_id::text from tip) as tip_transaction_id, (select position from tip) as tip_position,
            coalesce((select e.transaction_id from eventlog.event e order by e.transaction_id desc, e.position desc limit 1)
                     >= (select horizon from h), false) as blocked
       from (select 1) one left join batch b on true
      order by b.transaction_id, b.position`,
    [from.transactionId, from.position, types, limit, until?.transactionId ?? null, until?.position ?? null],
  );
  const first = rows[0];
  const events = rows.filter((r) => r.position !== null && r.position !== undefined).map((r) => toRecordedEvent(r as EventRow));
  const more = events.length === limit;
  const tip = first?.tip_transaction_id ? { transactionId: first.tip_transaction_id, position: Number(first.tip_position) } : null;
  const end = more ? positionOf(events[events.length - 1]) : (tip ?? from);
  return { events, end, more, blocked: Boolean(first?.blocked), tip };
}
