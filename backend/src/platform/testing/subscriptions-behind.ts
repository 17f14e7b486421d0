import type { Database } from '../database/database.js';

/**
 * How many subscriptions (projections and policies, or one kind) have not yet read the newest event.
 * Compared in the log's read order, (transaction_id, position): a position is taken at insert and a
 * transaction that inserted later may commit first, so the newest event read is not always the one
 * with the largest position (comparing positions alone left every subscription « behind » for ever).
 */
export async function subscriptionsBehind(db: Database, kind?: 'projection' | 'policy'): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::int as n from eventlog.checkpoint c
      where ($1::text is null or c.kind = $1)
        and (c.transaction_id, c.position) < (select transaction_id, position from eventlog.event order by transaction_id desc, position desc limit 1)`,
    [kind ?? null],
  );
  return row!.n;
}
