// Issue 32, « How it will be checked » (docs/adr/0061): PostgreSQL restarted under load while
// simulated learners save through the balancer. Two real server processes on one PostgreSQL behind
// HAProxy (the committed template, deploy/haproxy.cfg); learners' players commit SCORM progress in
// order, sending again what was not acknowledged (as the player's queue does). PostgreSQL goes away
// (a fast shutdown, as `pg_ctl restart -m fast` does first) and comes back on its port. Meanwhile
// every answer is a 201 or a clean 503 in French with Retry-After (never a 500, a 502, a cut
// connection or a request left hanging), /api/ready is 503 on both nodes and through the balancer;
// then both nodes serve again without being restarted, and every acknowledged commit is in the
// event log exactly once (none duplicated by the resends).
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/database/embedded-postgres.js';
import { eventually } from './platform/testing/eventually.js';
import { startBalancer, type Balancer } from './testing/balancer.js';
import { arrangeScormLearners, postScormCommit, type ScormLearners } from './testing/scorm-learners.js';
import { compileServer, freePort, startServer, type CompiledServer, type ServerProcess } from './testing/server-process.js';

const MESSAGE = 'Service momentanément indisponible, réessayez dans quelques instants.';
/** A request still unanswered after this long is a hang, which the outage must never cause. */
const HANG_MS = 20_000;

let root: string;
let pgDir: string;
let pgPort: number;
let database: EmbeddedDatabase | undefined;
let build: CompiledServer | undefined;
const nodes: ServerProcess[] = [];
const nodeUrls: string[] = [];
let balancer: Balancer | undefined;
let world: ScormLearners;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lms-balancer-restart-'));
  chmodSync(root, 0o755);
  pgDir = join(root, 'postgres');
  pgPort = await freePort();
  // A PostgreSQL of this file's own: restarting it disturbs no other test file.
  database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'lms' });
  const { privateKey } = generateKeyPairSync('ed25519');
  const shared = {
    JWT_ACCESS_SECRET: randomBytes(48).toString('base64'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
    LEDGER_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    FRONTEND_DIST: join(root, 'no-frontend'),
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
  };
  // Each node has its own DATA_DIR whose media folder is the shared one (as deploy/lib/cluster.mjs).
  mkdirSync(join(root, 'media'));
  const dataDirs = [join(root, 'node1'), join(root, 'node2')];
  for (const dir of dataDirs) {
    mkdirSync(dir);
    symlinkSync(join(root, 'media'), join(dir, 'media'));
  }
  world = await arrangeScormLearners(database.url, { ...shared, DATA_DIR: dataDirs[0] }, 6);
  build = compileServer();
  const ports = [await freePort(), await freePort()];
  for (const [i, port] of ports.entries()) {
    nodeUrls.push(`http://127.0.0.1:${port}`);
    nodes.push(
      startServer(build.main, {
        ...shared,
        DATABASE_URL: database.url,
        DATA_DIR: dataDirs[i],
        PORT: String(port),
        HOST: '127.0.0.1',
        TRUST_PROXY: 'true',
        SEED_DEMO_DATA: 'false',
        SHUTDOWN_GRACE_SECONDS: '5',
      }),
    );
  }
  await Promise.all(nodes.map((n) => n.waitForLine(/Plateforme disponible/, 150_000)));
  balancer = await startBalancer(root, ports);
}, 300_000);

afterAll(async () => {
  balancer?.stop();
  await Promise.all(nodes.map((n) => n.kill()));
  await database?.stop();
  build?.remove();
  if (root) rmSync(root, { recursive: true, force: true });
});

interface Ack {
  studentId: number;
  sessionId: string;
  seq: number;
}

/** A learner's player through the balancer: commits in order, sending again a commit not acknowledged. */
function learner(student: ScormLearners['students'][number], statuses: number[], failures: string[], acks: Ack[], running: { on: boolean }) {
  const sessionId = randomUUID();
  return (async () => {
    let seq = 1;
    while (running.on) {
      try {
        const response = await postScormCommit(balancer!.url, world, student, sessionId, seq, AbortSignal.timeout(HANG_MS));
        statuses.push(response.status);
        const text = await response.text();
        if (response.status === 201) {
          acks.push({ studentId: student.studentId, sessionId, seq });
          seq++;
        } else if (response.status === 503) {
          const message = messageOf(text);
          if (response.headers.get('retry-after') === null || message !== MESSAGE) failures.push(`503 sans Retry-After ou message : ${text.slice(0, 200)}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        } else {
          failures.push(`${response.status} ${text.slice(0, 200)}`);
        }
      } catch (error) {
        failures.push(`connexion ou attente : ${String((error as Error).cause ?? error)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  })();
}

/** The `message` of a JSON answer, or the start of an answer that is not JSON (HAProxy's own HTML page). */
function messageOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { message?: string }).message;
  } catch {
    return text.slice(0, 80);
  }
}

const acksOf = (acks: Ack[], studentId: number) => acks.filter((a) => a.studentId === studentId).length;
const status = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(HANG_MS) })).status;

describe('PostgreSQL restarted under load behind the balancer', () => {
  it('answers 201 or a clean French 503 meanwhile, both nodes recover by themselves, and every acknowledged save is logged once', async () => {
    const statuses: number[] = [];
    const failures: string[] = [];
    const acks: Ack[] = [];
    const running = { on: true };
    const learners = world.students.map((student) => learner(student, statuses, failures, acks, running));
    const allMoved = (minimum: (studentId: number) => number) =>
      eventually(async () => expect(world.students.filter((s) => acksOf(acks, s.studentId) < minimum(s.studentId)).map((s) => s.studentId)).toEqual([]), 60_000);
    try {
      await allMoved(() => 2);
      expect(await status(`${balancer!.url}/api/ready`)).toBe(200);
      const servedBefore = await balancer!.servers();

      await database!.stop();
      database = undefined;
      const stoppedAt = Date.now();
      // Each node says it is not ready; the balancer, having no ready node, sends requests to them
      // all the same (backend app_unready), and their own answers come through.
      for (const url of nodeUrls) expect(await status(`${url}/api/ready`)).toBe(503);
      await eventually(async () => expect(Object.values(await balancer!.servers()).map((s) => s.status.replace(/ .*/, ''))).toEqual(['DOWN', 'DOWN']), 15_000);
      const ready = await fetch(`${balancer!.url}/api/ready`);
      expect([ready.status, ready.headers.get('retry-after'), await ready.json()]).toEqual([503, '5', { status: 'unavailable', database: 'indisponible', migrations: 'inconnu', storage: 'ok' }]);
      const health = await fetch(`${balancer!.url}/api/health`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'degraded', database: 'indisponible' }]);
      const unavailable = statuses.length;
      await eventually(async () => expect(statuses.slice(unavailable).filter((s) => s === 503).length).toBeGreaterThanOrEqual(world.students.length), 30_000);
      // Held away long enough for the pools' connections to be dead, not merely idle.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 5_000 - (Date.now() - stoppedAt))));

      // It comes back on the same port: both nodes serve again, neither restarted.
      database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'lms' });
      for (const url of [...nodeUrls, balancer!.url]) await eventually(async () => expect(await status(`${url}/api/ready`)).toBe(200), 60_000);
      const before = new Map(world.students.map((s) => [s.studentId, acksOf(acks, s.studentId)]));
      await allMoved((studentId) => before.get(studentId)! + 3);
      await eventually(async () => expect(Object.values(await balancer!.servers()).map((s) => s.status)).toEqual(['UP', 'UP']), 15_000);
      // Both nodes took part before and after.
      const servedAfter = await balancer!.servers();
      expect(servedAfter.node1.served).toBeGreaterThan(servedBefore.node1.served);
      expect(servedAfter.node2.served).toBeGreaterThan(servedBefore.node2.served);
    } finally {
      running.on = false;
      await Promise.all(learners);
    }

    expect(failures).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([201, 503]));
    expect(nodes.map((n) => [n.child.exitCode, n.child.signalCode])).toEqual([
      [null, null],
      [null, null],
    ]);

    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const sessions = [...new Set(acks.map((a) => a.sessionId))];
      const { rows } = await client.query<{ session: string; seq: number; n: number }>(
        `select payload->>'sessionId' as session, (payload->>'seq')::int as seq, count(*)::int as n
           from eventlog.event where event_type = 'ScormCommitted' and payload->>'sessionId' = any($1::text[]) group by 1, 2`,
        [sessions],
      );
      const logged = new Map(rows.map((r) => [`${r.session}/${r.seq}`, r.n]));
      expect(acks.filter((a) => logged.get(`${a.sessionId}/${a.seq}`) !== 1)).toEqual([]);
      // Nothing duplicated, and nothing logged beyond what was sent (at most the one commit per
      // learner in flight when the test stopped, answered after its player stopped counting).
      expect(rows.filter((r) => r.n !== 1)).toEqual([]);
      expect(rows.length - acks.length).toBeLessThanOrEqual(world.students.length);
    } finally {
      await client.end();
    }
  }, 300_000);
});
