import type pg from 'pg';

/**
 * Error codes that mean "the database is away", not "this request is wrong": the socket's (refused,
 * reset, unreachable), and PostgreSQL's class 08 (connection exception), 57P01-57P03 (shut down by
 * an administrator, crash shutdown, cannot connect now: starting up or shutting down) and 53300 (too
 * many connections).
 */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);

/** What node-postgres and pg-pool say when a connection is lost or cannot be had in time. */
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error and is not queryable/i,
  /client was closed and is not queryable/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
  /cannot use a pool after calling end/i,
];

/**
 * True when `error` (or one it wraps: MikroORM's DriverException copies the pg error's fields,
 * an AggregateError carries one per address tried, `cause` chains) says the database could not be
 * reached or dropped the connection. Such a request may succeed if sent again once it is back.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Keeps a lost connection from taking the process down. node-postgres reports a connection the
 * server dropped (a restart, `pg_ctl stop -m fast`, a killed backend) as an `'error'` event, and an
 * `'error'` event nobody listens to is an uncaught exception. pg-pool listens on idle clients and
 * re-emits on the pool, but removes its listener while a client is checked out (a transaction in
 * progress): then the client itself must be listened to. The query in flight rejects on its own;
 * the broken client, if still checked out, goes back to the pool to be discarded (discardDeadClients).
 */
export function guardPool(pool: pg.Pool, warn: (message: string) => void): pg.Pool {
  let lastWarning = 0;
  const say = (error: Error) => {
    // One line per outage burst, not one per pooled connection.
    const now = Date.now();
    if (now - lastWarning > 5_000) warn(`Connexion PostgreSQL perdue : ${error.message}`);
    lastWarning = now;
  };
  pool.on('error', say);
  pool.on('connect', (client) => client.on('error', say));
  return discardDeadClients(pool);
}

/**
 * Gives a checked-out client whose connection died back to its pool, which then discards it.
 * Kysely (0.29, under MikroORM 7) gives a transaction's connection back only once its COMMIT or
 * ROLLBACK succeeded (kysely-org/kysely#1990, open): when the database goes away in the middle of
 * a transaction both fail, and the connection stayed checked out for good. Each outage took the
 * slots of the transactions it interrupted, until the writes waited for a connection that never
 * came (503 forever while the database answered again; docs/adr/0023).
 *
 * A connection that died answers nothing again, so releasing it at once (with its error: the pool
 * ends it, never hands it out) loses nothing; whoever still holds it gets "not queryable" (a 503),
 * and its own release, if it comes, does nothing.
 */
export function discardDeadClients(pool: pg.Pool): pg.Pool {
  const out = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => out.add(client));
  pool.on('release', (_error, client) => out.delete(client));
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      const held = client as pg.PoolClient;
      if (!out.has(held)) return;
      out.delete(held);
      const release = held.release;
      held.release = () => undefined;
      release(error);
    }),
  );
  return pool;
}
