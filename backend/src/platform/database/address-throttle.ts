import type { Database } from './database.js';

/**
 * Counts a public call per caller address in a context's own table `(address text, attempted_at
 * timestamptz)` — in PostgreSQL, so every node sees the same count — by the server's clock, and
 * answers whether the address went over `max` calls within `windowSeconds`. Counted first, then
 * compared: a burst sent in parallel sees itself. Rows older than two windows are dropped on the way.
 * Used by the public complaint form (docs/adr/0048) and the public questionnaire page (docs/adr/0054).
 */
export async function overAddressAllowance(
  db: Database,
  table: string,
  address: string,
  now: Date,
  limits: { max: number; windowSeconds: number },
): Promise<boolean> {
  if (!/^[a-z_]+\.[a-z_]+$/.test(table)) throw new Error(`Table de limitation invalide : ${table}`);
  await db.query(`delete from ${table} where attempted_at < $1`, [new Date(now.getTime() - limits.windowSeconds * 2000)]);
  await db.query(`insert into ${table} (address, attempted_at) values ($1, $2)`, [address, now]);
  const row = await db.one<{ n: number }>(`select count(*)::int as n from ${table} where address = $1 and attempted_at > $2`, [address, new Date(now.getTime() - limits.windowSeconds * 1000)]);
  return (row?.n ?? 0) > limits.max;
}
