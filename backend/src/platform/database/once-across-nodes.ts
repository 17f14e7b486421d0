import pg from 'pg';

/**
 * Runs `work` on one node of the deployment at a time, and only there: a session advisory lock
 * named `key`, taken without waiting (`pg_try_advisory_lock`) on a connection of its own. A node
 * that finds it taken skips the work (another node is doing it) and answers `false`; the lock goes
 * with the connection if the node dies meanwhile (docs/adr/0059). For work at start that is
 * idempotent but costly when every node does it together (the image-variant backfill).
 */
export async function onceAcrossNodes(databaseUrl: string, key: string, work: () => Promise<unknown>): Promise<boolean> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: `lms-once:${key}`.slice(0, 63) });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    const { rows } = await lock.query<{ locked: boolean }>(`select pg_try_advisory_lock(hashtextextended($1, 0)) as locked`, [key]);
    if (!rows[0].locked) return false;
    await work();
    await lock.query(`select pg_advisory_unlock(hashtextextended($1, 0))`, [key]).catch(() => undefined);
    return true;
  } finally {
    await lock.end().catch(() => undefined);
  }
}
