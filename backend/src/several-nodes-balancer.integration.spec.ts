// Issue 32 item 3 (docs/adr/0061): the balancer path of the reference deployment. Two real server
// processes on one PostgreSQL behind HAProxy, configured by the committed template
// (deploy/haproxy.cfg, as deploy/local.mjs renders it): requests are spread over both nodes, the
// client's real address reaches the app through X-Forwarded-For (one the client sends is dropped:
// login throttling per address holds across nodes), and once a node is killed (SIGKILL) the
// balancer routes around it — no request fails, reads and writes alike. HAProxy comes from Debian
// (.ci/run installs it).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/database/embedded-postgres.js';
import { startBalancer, type Balancer } from './testing/balancer.js';
import { compileServer, freePort, startServer, type CompiledServer, type ServerProcess } from './testing/server-process.js';

let root: string;
let database: EmbeddedDatabase | undefined;
let build: CompiledServer | undefined;
const nodes: ServerProcess[] = [];
let balancer: Balancer | undefined;
let url: string;
const servers = () => balancer!.servers();

beforeAll(async () => {
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

  balancer = await startBalancer(root, ports);
  url = balancer.url;
}, 240_000);

afterAll(async () => {
  balancer?.stop();
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
