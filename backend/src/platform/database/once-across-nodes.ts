import pg from 'pg';

/**
 * Runs `work` under a session advisory lock named `key`, held on a connection of its own: one node
 * of the deployment at a time (docs/adr/0059). The lock goes with the connection if the node dies
 * meanwhile. `wait`: queue behind the node holding it (the migrations: each node then finds what is
 * still to do); otherwise a node that finds it taken skips the work and answers `skipped`.
 */
export async function underNodeLock<T>(databaseUrl: string, key: string, work: () => Promise<T>, { wait }: { wait: boolean }): Promise<{ done: T } | 'skipped'> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: `lms-lock:${key}`.slice(0, 63) });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    if (wait) await lock.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [key]);
    else if (!(await lock.query<{ locked: boolean }>(`select pg_try_advisory_lock(hashtextextended($1, 0)) as locked`, [key])).rows[0].locked) return 'skipped';
    const done = await work();
    await lock.query(`select pg_advisory_unlock(hashtextextended($1, 0))`, [key]).catch(() => undefined);
    return { done };
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/**
 * Work at start that is idempotent but costly when every node does it together (the image-variant
 * backfill): done by the node that takes `key` first, skipped by those starting meanwhile. Answers
 * whether this node did it.
 */
export async function onceAcrossNodes(databaseUrl: string, key: string, work: () => Promise<unknown>): Promise<boolean> {
  return (await underNodeLock(databaseUrl, key, work, { wait: false })) !== 'skipped';
}
