import type pg from 'pg';

const pools = new Set<{ name: string; pool: pg.Pool }>();

/** Makes a connection pool visible to the metrics (`lms_db_pool_connections`): the ORM's and the event log's. */
export function observePool(name: string, pool: pg.Pool): pg.Pool {
  pools.add({ name, pool });
  return pool;
}

/** Each observed pool's connections, summed per name; pools that have ended are forgotten. */
export function poolConnections(): { name: string; total: number; idle: number; waiting: number }[] {
  const byName = new Map<string, { name: string; total: number; idle: number; waiting: number }>();
  for (const entry of pools) {
    if (entry.pool.ended) {
      pools.delete(entry);
      continue;
    }
    const sum = byName.get(entry.name) ?? { name: entry.name, total: 0, idle: 0, waiting: 0 };
    sum.total += entry.pool.totalCount;
    sum.idle += entry.pool.idleCount;
    sum.waiting += entry.pool.waitingCount;
    byName.set(entry.name, sum);
  }
  return [...byName.values()];
}
