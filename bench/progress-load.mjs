// Learning-progress under load (issue 11), standalone: node bench/progress-load.mjs (Node >= 24,
// after npm run build). `npm run bench` runs it after the HTTP scenarios.
//
//   1. capacity (below);
//   2. the write path at full speed: heartbeat saves (POST /api/progress/, three beats each) from
//      BENCH_LAG_CONNECTIONS players (default 32) without pause for BENCH_LAG_SECONDS (default 10):
//      the most saves per second one app node takes on this machine, and the projection lag then;
//   3. projection lag at BENCH_LAG_RATE saves per second (default 1,000): LearningTimeRecorded
//      appended at that rate on the students' real progress streams from BENCH_LAG_WRITERS
//      connections (default 16, each its own, in a pool of their own), as
//      several app nodes would (app nodes are stateless; the projections are one runner's work,
//      which is what this measures: two cores cannot also run the HTTP side of 1,000 saves/s, see
//      2). In 2 and 3 the progress projections' checkpoints are read every 5 ms, and each save's
//      event counts as visible once every projection of learning progress has passed it. Lag =
//      that moment minus the event's occurred_at (set just before its commit, so it errs long).
//   Capacity: how many simulated students two cores hold at p99 <= 500 ms with no error. A
//      simulated student is a player session doing what the player does: a heartbeat save every
//      30 s; half of them are in a SCORM module and also commit every 30 s; each opens the player
//      (the course's steps and its progress) every 10 minutes, and its header's bell asks for its
//      count every 60 s (BENCH_BELL=0: not). Phases are random, so the load is
//      even. The number grows step by step (BENCH_CAPACITY_STEPS) until p99 passes 500 ms or a
//      request fails; latency is measured from each request's planned time (no coordinated
//      omission). Accounts: BENCH_ACCOUNTS students (default 1,000), each enrolled in both courses;
//      beyond that, sessions share accounts (one progress per student and course, as several tabs
//      or devices of one learner would).
//
// The app runs as a child process on a fresh embedded PostgreSQL with the demo data. Nothing is
// asserted: the figures are printed and written to bench/results/progress-load.json.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pg, projectRoot } from './lib/deps.mjs';
import { capacityStep, loadClient, makeStudents, now, percentile, session, saveBody } from './lib/capacity.mjs';
import { httpClient } from './lib/load.mjs';
import { freePort, startService } from './lib/processes.mjs';
import { scormCourse, textCourse } from './scenarios/progress.mjs';

const env = process.env;
const number = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const lagRate = number('BENCH_LAG_RATE', 1000);
const lagSeconds = number('BENCH_LAG_SECONDS', 10);
const lagConnections = number('BENCH_LAG_CONNECTIONS', 32);
const lagWriters = number('BENCH_LAG_WRITERS', 16);
const accounts = number('BENCH_ACCOUNTS', 1000);
const stepSeconds = number('BENCH_CAPACITY_SECONDS', 30);
const bell = env.BENCH_BELL !== '0';
// An empty BENCH_CAPACITY_STEPS skips the capacity steps (to measure only the lag).
const capacitySteps = (env.BENCH_CAPACITY_STEPS ?? '500,1000,2000,3000,4000,6000,8000,12000,16000').split(',').filter((s) => s.trim()).map(Number);
const P99_LIMIT_MS = 500;
const resultsDir = join(projectRoot, 'bench/results');
const appMain = join(projectRoot, 'backend/dist/main.js');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups = [];
async function cleanup() {
  for (const step of cleanups.reverse()) await step().catch((error) => console.error(`Nettoyage : ${error?.message ?? error}`));
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

/**
 * Projection lag while `drive()` writes: the progress projections' checkpoints are read every 5 ms,
 * and each LearningTimeRecorded written meanwhile counts as visible once all of them passed it.
 */
async function projectionLag({ pool, drive }) {
  const watcher = await pool.connect();
  const names = (await watcher.query(`select name from eventlog.checkpoint where name like 'learning-progress.%' order by name`)).rows.map((r) => r.name);
  const [{ start }] = (await watcher.query('select coalesce(max(position), 0)::bigint as start from eventlog.event')).rows;
  const polls = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const { rows } = await watcher.query(`select name, transaction_id::text as xid, position from eventlog.checkpoint where name = any($1)`, [names]);
      polls.push({ at: now(), marks: rows.map((r) => ({ xid: BigInt(r.xid), position: Number(r.position) })) });
      await sleep(5);
    }
  })();
  let load;
  const writingStarted = now();
  try {
    load = await drive();
  } catch (error) {
    polling = false;
    await poller;
    watcher.release();
    throw error;
  }
  // Every save's event, with its transaction id and when it was written.
  const events = (
    await pool.query(
      `select position, transaction_id::text as xid, extract(epoch from occurred_at) * 1000 as at from eventlog.event where position > $1 and event_type = 'LearningTimeRecorded' order by position`,
      [start],
    )
  ).rows.map((r) => ({ position: Number(r.position), xid: BigInt(r.xid), at: Number(r.at) }));
  const deadline = now() + 30_000;
  const seenAll = (poll, event) => poll.marks.length === names.length && poll.marks.every((m) => m.xid > event.xid || (m.xid === event.xid && m.position >= event.position));
  while (now() < deadline && !(polls.length && events.every((e) => seenAll(polls[polls.length - 1], e)))) await sleep(50);
  polling = false;
  await poller;
  // The LRS's trace of the same saves (a policy, one statement per save): when its checkpoint passed
  // the last of them, counted from the end of the writing.
  const last = events.at(-1);
  let trace = null;
  if (last) {
    const written = now();
    const traceDeadline = written + 120_000;
    for (;;) {
      const [mark] = (await watcher.query(`select transaction_id::text as xid, position from eventlog.checkpoint where name = 'xapi.player-statements'`)).rows;
      const passed = mark && (BigInt(mark.xid) > last.xid || (BigInt(mark.xid) === last.xid && Number(mark.position) >= last.position));
      if (passed || now() > traceDeadline) {
        trace = { caughtUp: Boolean(passed), afterWritingMs: Math.round(now() - written), statementsPerSecond: Math.round(events.length / ((now() - writingStarted) / 1000)) };
        break;
      }
      await sleep(50);
    }
  }
  watcher.release();
  const lags = [];
  let unseen = 0;
  let i = 0;
  for (const event of events) {
    while (i < polls.length && polls[i].at < event.at) i++;
    const seen = polls.slice(i).find((poll) => seenAll(poll, event));
    if (seen) lags.push(Math.max(0, seen.at - event.at));
    else unseen++;
  }
  return {
    events: events.length,
    eventsPerSecond: Math.round(events.length / load.seconds),
    failures: load.failures.length,
    failureSamples: load.failures.slice(0, 3),
    writeLatencyMs: { p50: percentile(load.latencies, 50), p99: percentile(load.latencies, 99), max: percentile(load.latencies, 100) },
    projections: names,
    lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: percentile(lags, 100) },
    unseenAfter30s: unseen,
    xapiTrace: trace,
  };
}

/**
 * Before a lag measurement: at least 3 s, then until every subscription (the xAPI trace's policy
 * included) has caught up with the log and no autovacuum worker runs, at most 3 minutes, so that
 * the work the previous phase left behind does not share the cores with the one measured.
 */
async function settle(pool) {
  const start = now();
  await sleep(3000);
  for (;;) {
    const [{ behind, vacuums }] = (
      await pool.query(
        `select (select count(*)::int from eventlog.checkpoint c, (select transaction_id, position from eventlog.event order by transaction_id desc, position desc limit 1) e
                  where (c.transaction_id, c.position) < (e.transaction_id, e.position)) as behind,
                (select count(*)::int from pg_stat_activity where backend_type = 'autovacuum worker') as vacuums`,
      )
    ).rows;
    if ((behind === 0 && vacuums === 0) || now() - start > 180_000) return { waitedMs: Math.round(now() - start), subscriptionsBehind: behind, autovacuumWorkers: vacuums };
    await sleep(500);
  }
}

/** Heartbeat saves through the API as fast as the app takes them: `connections` players without pause for `seconds`. */
function savesAtFullSpeed({ send, students, text, connections, seconds }) {
  return async () => {
    const latencies = [];
    const failures = [];
    const start = now();
    const end = start + seconds * 1000;
    let next = 0;
    await Promise.all(Array.from({ length: connections }, async () => {
      while (now() < end) {
        const s = session(students[next++ % students.length], 0);
        const t0 = now();
        const answer = await send('POST', '/api/progress/', s.student.token, saveBody(s, text));
        latencies.push(now() - t0);
        if (!(answer.status >= 200 && answer.status < 300)) failures.push(`save ${answer.status} ${answer.body.slice(0, 160)}`);
      }
    }));
    return { latencies, failures, seconds: (now() - start) / 1000 };
  };
}

/**
 * LearningTimeRecorded appended at `rate` per second on the students' real progress streams, as
 * the app's save appends it, from `lagWriters` connections (several app nodes behind a load balancer: app
 * nodes are stateless, the projections are one runner's work). Each event is a save of one
 * student's step, so the projections do their real work on real rows.
 */
async function appendsAtRate({ pool, streams, rate, seconds }) {
  const [{ EventLog }, { SystemClock }, { AppendNotifier }] = await Promise.all([
    import(pathToFileURL(join(projectRoot, 'backend/dist/platform/event-log/event-log.js')).href),
    import(pathToFileURL(join(projectRoot, 'backend/dist/shared-kernel/clock.js')).href),
    import(pathToFileURL(join(projectRoot, 'backend/dist/platform/event-log/append-notifier.js')).href),
  ]);
  const events = new EventLog(new SystemClock());
  const notifier = new AppendNotifier(pool, 10);
  return async () => {
    // Every writer holds its own connection for the whole phase, and the notifier needs one too.
    if (pool.options.max < lagWriters + 1) throw new Error(`the writers' pool has ${pool.options.max} connections for ${lagWriters} writers`);
    const latencies = [];
    const failures = [];
    let slot = 0;
    const start = now();
    const end = start + seconds * 1000;
    await Promise.all(Array.from({ length: lagWriters }, async () => {
      const client = await pool.connect();
      try {
        for (;;) {
          const index = slot++;
          const due = start + (index * 1000) / rate;
          if (due >= end) break;
          if (due > now()) await sleep(due - now());
          const stream = streams[index % streams.length];
          stream.seconds += 10;
          await client.query('begin');
          try {
            await events.append(client, {
              streamType: 'learning-progress.course-progress',
              streamId: stream.id,
              expectedVersion: 'any',
              events: [{
                type: 'LearningTimeRecorded',
                payload: {
                  studentId: stream.studentId, courseId: stream.courseId, kind: 'chapter', stepId: stream.stepId, sessionId: stream.sessionId, beats: 3,
                  connectedSeconds: stream.seconds, activeSeconds: stream.seconds, method: 'v1', addedConnectedSeconds: 10, addedActiveSeconds: 10,
                },
              }],
              metadata: { actor: { accountId: 0, role: 'student' }, correlationId: crypto.randomUUID() },
            });
            await client.query('commit');
            notifier.notify();
            latencies.push(now() - due);
          } catch (error) {
            await client.query('rollback');
            failures.push(`append ${error?.message ?? error}`);
          }
        }
      } finally {
        client.release();
      }
    }));
    notifier.stop();
    return { latencies, failures, seconds: (now() - start) / 1000 };
  };
}

async function main() {
  if (!existsSync(appMain)) throw new Error('backend/dist/main.js est absent : lancez « npm run build ».');
  mkdirSync(resultsDir, { recursive: true });
  const { startEmbeddedPostgres } = await import(pathToFileURL(join(projectRoot, 'backend/dist/platform/database/embedded-postgres.js')).href);
  const tmp = mkdtempSync(join(os.tmpdir(), 'lms-bench-progress-'));
  chmodSync(tmp, 0o755);
  cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
  const database = await startEmbeddedPostgres({ dir: join(tmp, 'postgres'), port: await freePort(), database: 'lms' });
  cleanups.push(() => database.stop());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`Application sur ${baseUrl} (journal : bench/results/progress-load-app.log), données de démo…`);
  const app = await startService({
    name: 'application',
    script: appMain,
    env: {
      ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, DATA_DIR: join(tmp, 'app-data'), SEED_DEMO_DATA: 'true',
      // The tokens outlive the whole run; the login limits let the bench sign in its students.
      ACCESS_TOKEN_TTL_SECONDS: '7200', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    },
    logFile: join(resultsDir, 'progress-load-app.log'),
    readyUrl: `${baseUrl}/api/health`,
  });
  cleanups.push(() => app.stop());
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  pool.on('error', () => undefined);
  cleanups.push(() => pool.end());

  const appHttp = httpClient(baseUrl);
  const text = await textCourse(appHttp);
  const scorm = await scormCourse(appHttp);
  console.log(`  cours : texte ${text.courseId} (chapitre ${text.chapterId}), SCORM ${scorm.courseId} (chapitre ${scorm.chapterId})`);
  const students = await makeStudents(appHttp, text, scorm, accounts);
  const { send, close } = loadClient(baseUrl);
  cleanups.push(async () => close());
  const results = { machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null }, settings: { lagRate, lagSeconds, lagWriters, accounts, stepSeconds, capacitySteps, bell } };

  results.capacity = [];
  for (const count of capacitySteps) {
    process.stdout.write(`Capacité : ${String(count).padStart(6)} étudiants simulés… `);
    const step = await capacityStep({ send, students, text, scorm, count, stepSeconds, bell, p99LimitMs: P99_LIMIT_MS });
    results.capacity.push(step);
    console.log(`${step.requestsPerSecond} req/s, p50 ${step.latencyMs.p50} ms, p99 ${step.latencyMs.p99} ms, ${step.failures} échec(s) ${step.holds ? '✓' : '✗'}`);
    if (!step.holds) break;
    await sleep(3000);
  }
  const held = results.capacity.filter((s) => s.holds).map((s) => s.students);
  results.capacityStudents = held.length ? Math.max(...held) : 0;
  results.settledBeforeFullSpeed = await settle(pool);

  process.stdout.write(`Enregistrements à pleine vitesse par l'API (${lagConnections} connexions, ${lagSeconds} s)… `);
  results.fullSpeedSaves = await projectionLag({ pool, drive: savesAtFullSpeed({ send, students, text, connections: lagConnections, seconds: lagSeconds }) });
  console.log(JSON.stringify(results.fullSpeedSaves));
  results.settledBeforeLag = await settle(pool);
  console.log(`  (attente avant la mesure : ${JSON.stringify(results.settledBeforeLag)})`);

  // Last: these events move the streams on without their aggregates' version (no app write follows).
  const streams = (
    await pool.query(
      `select id::text, student_id, course_id from progress.course_progress where course_id = $1 and student_id = any($2::int[])`,
      [text.courseId, students.map((s) => s.id)],
    )
  ).rows.map((r) => ({ id: r.id, studentId: r.student_id, courseId: r.course_id, stepId: text.chapterId, sessionId: crypto.randomUUID(), seconds: 0 }));
  process.stdout.write(`Retard des projections à ${lagRate} enregistrements/s (${streams.length} flux, ${lagSeconds} s)… `);
  // The writers' own pool: one connection each (as many app nodes' pools would), one for the notifier.
  const writers = new pg.Pool({ connectionString: database.url, max: lagWriters + 1 });
  writers.on('error', () => undefined);
  cleanups.push(() => writers.end());
  results.lag = { rate: lagRate, writers: lagWriters, ...(await projectionLag({ pool, drive: await appendsAtRate({ pool: writers, streams, rate: lagRate, seconds: lagSeconds }) })) };
  console.log(JSON.stringify(results.lag));

  const out = join(resultsDir, 'progress-load.json');
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
  console.log('\nObjectifs (issue 11, 2 cœurs) :');
  // The rate arrived when every planned append was written, none failed, and the writers kept to
  // their schedule (an append later than 1 s after its planned time means they fell behind it).
  const lag = results.lag;
  const arrived = lag.events >= Math.floor(lagRate * lagSeconds) && lag.failures === 0 && lag.writeLatencyMs.p99 !== null && lag.writeLatencyMs.p99 < 1000;
  console.log(
    `  retard p99 < 1 s à ${lagRate} enregistrements/s : p99 ${lag.lagMs.p99} ms, ${lag.events} écrits en ${lagSeconds} s prévus (${lag.eventsPerSecond}/s), ` +
      `écrivains en retard sur leur plan p99 ${lag.writeLatencyMs.p99} ms${arrived ? '' : ' : débit non atteint'}, ${lag.unseenAfter30s} non vus ` +
      `${arrived && lag.unseenAfter30s === 0 && lag.lagMs.p99 !== null && lag.lagMs.p99 < 1000 ? '✓' : '✗'}`,
  );
  console.log(`  (par l'API sur cette machine : ${results.fullSpeedSaves.eventsPerSecond} enregistrements/s au plus, retard p99 ${results.fullSpeedSaves.lagMs.p99} ms)`);
  console.log(`  capacité à p99 <= 500 ms sans erreur : ${results.capacityStudents} étudiants simulés (objectif : au moins 1 000) ${results.capacityStudents >= 1000 ? '✓' : '✗'}`);
  console.log(`Résultats : ${out}`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`\nÉchec : ${error?.stack ?? error}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
