// Issue 32 item 3 (docs/adr/0061): the balancer path of the reference deployment. Two real server
// processes on one PostgreSQL behind HAProxy, configured by the committed template
// (deploy/haproxy.cfg, as deploy/local.mjs renders it): requests are spread over both nodes, the
// client's real address reaches the app through X-Forwarded-For (one the client sends is dropped:
// login throttling per address holds across nodes), and once a node is killed (SIGKILL) the
// balancer routes around it — no request fails, reads and writes alike. HAProxy comes from Debian
// (.ci/run installs it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/database/embedded-postgres.js';
import { eventually } from './platform/testing/eventually.js';
import { compileServer, freePort, startServer, type CompiledServer, type ServerProcess } from './testing/server-process.js';

const template = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));
const haproxyBinary = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));

let root: string;
let database: EmbeddedDatabase | undefined;
let build: CompiledServer | undefined;
const nodes: ServerProcess[] = [];
let balancer: ChildProcess | undefined;
let url: string;
let adminSocket: string;

/** One command on HAProxy's runtime API. */
function haproxy(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(adminSocket);
    let answer = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Each node's status and requests served, as HAProxy counts them. */
async function servers(): Promise<Record<string, { status: string; served: number }>> {
  const result: Record<string, { status: string; served: number }> = {};
  for (const line of (await haproxy('show stat')).split('\n')) {
    const f = line.split(',');
    if (f[0] === 'app' && f[1] !== 'BACKEND') result[f[1]] = { status: f[17], served: Number(f[7]) };
  }
  return result;
}

beforeAll(async () => {
  if (!haproxyBinary) throw new Error('HAProxy est absent : apt-get install -y haproxy (Debian ; .ci/run l’installe).');
  root = mkdtempSync(join(tmpdir(), 'lms-balancer-'));
  chmodSync(root, 0o755);
  database = await startEmbeddedPostgres({ dir: join(root, 'postgres'), port: await freePort(), database: 'lms' });
  build = compileServer();
  const { privateKey } = generateKeyPairSync('ed25519');
  const shared = {
    DATABASE_URL: database.url,
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
    LEDGER_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
    SEED_DEMO_DATA: 'false',
    FRONTEND_DIST: join(root, 'no-frontend'),
    SHUTDOWN_GRACE_SECONDS: '5',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
  };
  const ports = [await freePort(), await freePort()];
  mkdirSync(join(root, 'media'));
  for (const [i, port] of ports.entries()) {
    nodes.push(startServer(build.main, { ...shared, PORT: String(port), DATA_DIR: join(root, `node${i + 1}`) }));
  }
  await Promise.all(nodes.map((n) => n.waitForLine(/Plateforme disponible/, 150_000)));

  const port = await freePort();
  adminSocket = join(root, 'haproxy.sock');
  const config = readFileSync(template, 'utf8').replace(/\$\{(\w+)\}/g, (all, name: string) => {
    const values: Record<string, string> = {
      BIND: `127.0.0.1:${port}`,
      ADMIN_SOCKET: adminSocket,
      PROTO: 'http',
      SERVERS: ports.map((p, i) => `    server node${i + 1} 127.0.0.1:${p} check`).join('\n'),
    };
    return values[name] ?? all;
  });
  writeFileSync(join(root, 'haproxy.cfg'), config);
  const check = spawnSync(haproxyBinary, ['-c', '-f', join(root, 'haproxy.cfg')], { encoding: 'utf8' });
  expect(check.status).toBe(0);
  balancer = spawn(haproxyBinary, ['-W', '-db', '-f', join(root, 'haproxy.cfg')], { stdio: 'ignore' });
  url = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    const states = await servers();
    expect(Object.values(states).map((s) => s.status)).toEqual(['UP', 'UP']);
  }, 30_000);
}, 240_000);

afterAll(async () => {
  balancer?.kill('SIGKILL');
  await Promise.all(nodes.map((n) => n.kill()));
  await database?.stop();
  build?.remove();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A failed login through the balancer, claiming to come from `from`: a write (the attempt is recorded in PostgreSQL). */
const failedLogin = (from: string) =>
  fetch(`${url}/api/student-login-jwt/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email: `personne-${randomBytes(4).toString('hex')}@exemple.fr`, password: 'pas-le-bon-mot-de-passe' }),
  });

it('gives the app the client’s real address, whatever X-Forwarded-For the client sends, on every node', async () => {
  // Four failures are allowed per address, counted in PostgreSQL whichever node answers; a client
  // inventing a new address each time would never be throttled if the balancer passed its header on.
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await failedLogin(`203.0.113.${i + 1}`)).status);
  // (the student login answers a wrong password 200 with `bool: false`, the spec's client contract)
  expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
  expect(statuses.slice(4)).toEqual([429, 429]);
}, 60_000);

it('spreads the requests over both nodes, then routes around a killed node without a failed request', async () => {
  const before = await servers();
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) statuses.push((await fetch(`${url}/api/ready`)).status);
  expect(statuses.every((s) => s === 200)).toBe(true);
  const after = await servers();
  expect(after.node1.served - before.node1.served).toBeGreaterThanOrEqual(5);
  expect(after.node2.served - before.node2.served).toBeGreaterThanOrEqual(5);

  nodes[1].child.kill('SIGKILL');
  await nodes[1].exited;
  const answers: number[] = [];
  for (let i = 0; i < 20; i++) {
    answers.push((await fetch(`${url}/api/ready`)).status);
    answers.push((await failedLogin(`198.51.100.${i + 1}`)).status);
  }
  // (the logins are throttled by now: 429, answered by the node left)
  // Connection refused on the killed node: HAProxy retries on the other one (retry-on conn-failure,
  // option redispatch) and takes the node out at the first refusal.
  expect(answers.filter((s) => s >= 500)).toEqual([]);
  expect(answers.filter((s, i) => i % 2 === 1 && s !== 429)).toEqual([]);
  expect((await servers()).node2.status).toMatch(/^DOWN/);
}, 120_000);
