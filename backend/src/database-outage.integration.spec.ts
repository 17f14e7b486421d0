// Item 6 and 8 of issue 22 (docs/adr/0023): the real server, in its own process, keeps running while
// its PostgreSQL is restarted under concurrent SCORM saves. While the database is away every answer
// is a 2xx or a 503 with Retry-After and the French message (never a 500, never a cut connection),
// /api/health stays 200 and says the database is unavailable, /api/ready is 503 until it is back;
// then service resumes by itself, and every acknowledged save is in the event log (whose chains
// verify), in the write model, and in the caught-up projections.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './platform/database/embedded-postgres.js';
import { verifyChains } from './platform/event-log/chain-verifier.js';
import { sqlExecutor } from './platform/event-log/sql-executor.js';
import { eventually } from './platform/testing/eventually.js';
import { arrangeScormLearners, postScormCommit, type ScormLearners } from './testing/scorm-learners.js';
import { compileServer, freePort, startServer, type CompiledServer, type ServerProcess } from './testing/server-process.js';

const MESSAGE = 'Service momentanément indisponible, réessayez dans quelques instants.';

let root: string;
let pgDir: string;
let pgPort: number;
let database: EmbeddedDatabase | undefined;
let build: CompiledServer | undefined;
let server: ServerProcess | undefined;
let base: string;
let world: ScormLearners;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lms-outage-'));
  // As root, postgres runs as the 'postgres' OS user, which must be able to reach its folder.
  chmodSync(root, 0o755);
  pgDir = join(root, 'postgres');
  pgPort = await freePort();
  // A PostgreSQL of this file's own: restarting it disturbs no other test file.
  database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'lms' });
  const env = { DATA_DIR: join(root, 'data'), FRONTEND_DIST: join(root, 'no-frontend'), LOGIN_MAX_FAILURES_PER_ADDRESS: '100000' };
  world = await arrangeScormLearners(database.url, env, 4);
  build = compileServer();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer(build.main, { ...env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_DATA: 'false' });
  await server.waitForLine(/Plateforme disponible/);
}, 180_000);

afterAll(async () => {
  await server?.kill();
  await database?.stop();
  build?.remove();
  if (root) rmSync(root, { recursive: true, force: true });
});

interface Ack {
  studentId: number;
  sessionId: string;
  seq: number;
}

/**
 * A learner's player: commits in order, keeping a commit it could not have acknowledged and
 * sending it again (as the player's queue does) until it is; every answer is recorded.
 */
function learner(student: ScormLearners['students'][number], statuses: number[], failures: string[], acks: Ack[], running: { on: boolean }, state: LearnerState) {
  const sessionId = randomUUID();
  return (async () => {
    let seq = 1;
    while (running.on) {
      state.sentAt = Date.now();
      state.seq = seq;
      try {
        const response = await postScormCommit(base, world, student, sessionId, seq);
        statuses.push(response.status);
        const body = (await response.json()) as { message?: string };
        state.last = `${response.status} ${JSON.stringify(body).slice(0, 200)}`;
        state.sentAt = undefined;
        if (response.status === 201) {
          acks.push({ studentId: student.studentId, sessionId, seq });
          seq++;
        } else if (response.status === 503) {
          if (response.headers.get('retry-after') === null || body.message !== MESSAGE) failures.push(`503 sans Retry-After ou message : ${JSON.stringify(body)}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        } else {
          failures.push(`${response.status} ${JSON.stringify(body)}`);
        }
      } catch (error) {
        state.last = `connexion : ${String((error as Error).cause ?? error)}`;
        state.sentAt = undefined;
        failures.push(`connexion : ${String((error as Error).cause ?? error)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  })();
}

/** Where each learner stands, for the message of a wait that times out. */
interface LearnerState {
  seq: number;
  sentAt?: number;
  last?: string;
}

const acksOf = (acks: Ack[], studentId: number) => acks.filter((a) => a.studentId === studentId).length;

describe('a PostgreSQL restart under load', () => {
  it('is survived, fast or immediate: 2xx or 503 meanwhile, health 200, ready 503 then 200, and every acknowledged save kept', async () => {
    const statuses: number[] = [];
    const failures: string[] = [];
    const acks: Ack[] = [];
    const running = { on: true };
    const states = world.students.map((): LearnerState => ({ seq: 0 }));
    const learners = world.students.map((student, i) => learner(student, statuses, failures, acks, running, states[i]));
    // A learner that does not move on is described: its pending commit (and for how long), its last
    // answer, the failures so far and the server's last lines.
    const allMoved = async (minimum: (studentId: number) => number, timeoutMs: number) => {
      try {
        await eventually(async () => expect(world.students.every((s) => acksOf(acks, s.studentId) >= minimum(s.studentId))).toBe(true), timeoutMs);
      } catch {
        const now = Date.now();
        const described = world.students.map((s, i) => ({
          student: s.studentId,
          acks: acksOf(acks, s.studentId),
          wanted: minimum(s.studentId),
          seq: states[i].seq,
          pendingMs: states[i].sentAt === undefined ? null : now - states[i].sentAt!,
          last: states[i].last,
        }));
        throw new Error(`Un apprenant n'avance plus : ${JSON.stringify(described, null, 1)}\néchecs : ${JSON.stringify(failures.slice(-20))}\nserveur :\n${server!.lines.slice(-40).join('\n')}`);
      }
    };
    try {
      await allMoved(() => 2, 60_000);
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);

      // The database goes away twice: a fast shutdown (as `pg_ctl restart -m fast` does first),
      // then an immediate one, as a crash of the server (SIGQUIT to the postmaster: no checkpoint,
      // crash recovery at the next start).
      for (const how of ['fast', 'immediate'] as const) {
        const answeredBefore = statuses.filter((s) => s === 503).length;
        if (how === 'fast') {
          await database!.stop();
        } else {
          const pid = Number(readFileSync(join(pgDir, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]);
          process.kill(pid, 'SIGQUIT');
          await eventually(async () => expect(() => process.kill(pid, 0)).toThrow(), 60_000);
        }
        database = undefined;
        const health = await fetch(`${base}/api/health`);
        expect([health.status, await health.json()]).toEqual([200, { status: 'degraded', database: 'indisponible' }]);
        const ready = await fetch(`${base}/api/ready`);
        expect([ready.status, ready.headers.get('retry-after'), await ready.json()]).toEqual([503, '5', { status: 'unavailable', database: 'indisponible', migrations: 'inconnu', storage: 'ok' }]);
        const student = world.students[0];
        const read = await fetch(`${base}/api/student-courses/${student.studentId}/`, { headers: { authorization: `Bearer ${student.token}` } });
        expect([read.status, read.headers.get('retry-after'), ((await read.json()) as { message: string }).message]).toEqual([503, '5', MESSAGE]);
        const xapi = await fetch(`${base}/api/xapi/statements`, { headers: { authorization: `Bearer ${student.token}`, 'x-experience-api-version': '1.0.3' } });
        // The LRS says it in English, as all its answers (docs/adr/0014).
        expect([xapi.status, xapi.headers.get('retry-after'), ((await xapi.json()) as { message: string }).message]).toEqual([503, '5', 'Service unavailable: the database is not answering; send the request again in a few seconds']);
        await eventually(async () => expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(answeredBefore + world.students.length), 30_000);

        // It comes back on the same port: service resumes by itself.
        database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'lms' });
        await eventually(async () => expect((await fetch(`${base}/api/ready`)).status).toBe(200), 60_000);
        const before = new Map(world.students.map((s) => [s.studentId, acksOf(acks, s.studentId)]));
        await allMoved((studentId) => before.get(studentId)! + 2, 60_000);
      }
    } finally {
      running.on = false;
      await Promise.all(learners);
    }

    expect(failures).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([201, 503]));
    expect(server!.child.exitCode).toBeNull();
    expect(((await (await fetch(`${base}/api/health`)).json()) as { database: string }).database).toBe('ok');

    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      for (const ack of acks) {
        const stored = await client.query('select outcome from progress.scorm_commit where session_id = $1 and seq = $2', [ack.sessionId, ack.seq]);
        expect([ack, stored.rows]).toEqual([ack, [{ outcome: 'applied' }]]);
        const events = await client.query(`select 1 from eventlog.event where event_type = 'ScormCommitted' and payload->>'sessionId' = $1 and (payload->>'seq')::int = $2`, [
          ack.sessionId,
          ack.seq,
        ]);
        expect([ack, events.rowCount]).toEqual([ack, 1]);
      }
      const report = await verifyChains(sqlExecutor(client));
      expect(report.broken).toEqual([]);
    } finally {
      await client.end();
    }
    // The projections catch up with every event, the restart notwithstanding.
    await eventually(async () => {
      const { projections } = (await (await fetch(`${base}/api/health`)).json()) as { projections: { items: { lag_events: number }[] } };
      expect(projections.items.filter((item) => item.lag_events > 0)).toEqual([]);
    }, 60_000);

    server!.child.kill('SIGTERM');
    const exit = await server!.exited;
    expect([exit, exit.code === 0 ? [] : server!.lines.slice(-30)]).toEqual([{ code: 0, signal: null }, []]);
  }, 300_000);
});
