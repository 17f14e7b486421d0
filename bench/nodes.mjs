// npm run bench:nodes (issue 32 item 6, docs/adr/0061): the capacity scenario of
// bench/progress-load.mjs against 1, 2 and 3 app nodes behind HAProxy (deploy/lib/cluster.mjs),
// then a node killed mid-load, then a rolling restart of every node under load, then PostgreSQL
// restarted under load (a fast shutdown, BENCH_NODES_PG_DOWN_SECONDS away, started again on its
// port: answers meanwhile, how long until the balancer and the writes are back, acknowledged writes
// against the event log). After npm run build.
//
// Pinning (2 cores here): every app node runs on CPU 0 (`taskset -c 0`), PostgreSQL on CPU 1;
// HAProxy and this harness are not pinned. The figures are costs per learner (CPU-seconds, statements),
// not throughput: they do not depend on how many cores the nodes share as long as none is saturated
// (the load is kept well below one node's capacity, and `uptime` is printed beside them).
//
// Per phase: each node's CPU-seconds (its process's utime + stime from /proc), PostgreSQL's (the
// postmaster and every backend, reaped ones included), database round trips = statements executed
// (pg_stat_statements' calls, summed, delta over the phase; the harness's own two reads are
// excluded) and transactions (pg_stat_database xact_commit + xact_rollback of the app's database),
// each divided by learner-minutes (simulated learners × minutes).
//
// Before each phase the same nodes are measured idle for BENCH_NODES_IDLE_SECONDS (20): what a node
// and PostgreSQL do per minute with no learner (polls), taken off to give the variable cost.
//
// Settings: BENCH_NODES_LEARNERS (200), BENCH_NODES_SECONDS (60), BENCH_ACCOUNTS (100),
// BENCH_NODES_COUNTS (1,2,3), BENCH_NODES_FAULTS (1: the kill, the rolling restart and the PostgreSQL
// restart; 0: none; `postgres`: only the PostgreSQL restart), BENCH_NODES_PG_DOWN_SECONDS (10).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { haproxyCommand, startCluster } from '../deploy/lib/cluster.mjs';
import { capacityPlan, loadClient, makeStudents, openLoop, percentile } from './lib/capacity.mjs';
import { treeCpuSeconds } from './lib/cpu.mjs';
import { pg, projectRoot } from './lib/deps.mjs';
import { httpClient } from './lib/load.mjs';
import { scormCourse, textCourse } from './scenarios/progress.mjs';

const env = process.env;
const number = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const learners = number('BENCH_NODES_LEARNERS', 200);
const seconds = number('BENCH_NODES_SECONDS', 60);
const accounts = number('BENCH_ACCOUNTS', 100);
const counts = (env.BENCH_NODES_COUNTS ?? '1,2,3').split(',').map(Number);
const faults = env.BENCH_NODES_FAULTS !== '0';
const onlyPostgresFault = env.BENCH_NODES_FAULTS === 'postgres';
const pgDownSeconds = number('BENCH_NODES_PG_DOWN_SECONDS', 10);
/** The app's answer while its database is away (docs/adr/0023), and HAProxy's when no node answers (deploy/haproxy.cfg). */
const UNAVAILABLE = 'Service momentanément indisponible, réessayez dans quelques instants.';
const idleSeconds = number('BENCH_NODES_IDLE_SECONDS', 20);
const maxNodes = Math.max(...counts, faults ? 3 : 1);
const resultsDir = join(projectRoot, 'bench/results');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

const cleanups = [];
async function cleanup() {
  for (const step of cleanups.reverse()) await step().catch((error) => console.error(`Nettoyage : ${error?.message ?? error}`));
  cleanups.length = 0;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

/** What the database and each process had done so far. */
async function snapshot(cluster, pool) {
  const [{ rows: statements }, { rows: xacts }] = await Promise.all([
    pool.query(`select coalesce(sum(calls), 0)::bigint as calls from pg_stat_statements where query not like '%pg_stat_statements%' and query not like '%pg_stat_database%'`),
    pool.query(`select (xact_commit + xact_rollback)::bigint as xacts, (tup_returned + tup_fetched)::bigint as read, (tup_inserted + tup_updated + tup_deleted)::bigint as written from pg_stat_database where datname = 'lms'`),
  ]);
  return {
    statements: Number(statements[0].calls),
    transactions: Number(xacts[0].xacts),
    nodes: Object.fromEntries(cluster.nodes.filter((n) => n.child?.exitCode === null && n.child?.signalCode === null).map((n) => [n.name, treeCpuSeconds(n.child.pid)])),
    postgres: treeCpuSeconds(cluster.postgresPid()),
    at: performance.now(),
  };
}

const sum = (values) => values.reduce((a, b) => a + b, 0);
const cpuOfNodes = (before, after) => Object.fromEntries(Object.entries(after.nodes).filter(([name]) => name in before.nodes).map(([name, cpu]) => [name, round(cpu - before.nodes[name])]));

/** What the nodes and PostgreSQL do with no learner (projection runners' and job queues' polls), per minute. */
function idleRates(before, after) {
  const minutes = (after.at - before.at) / 60_000;
  return {
    nodesCpuMsPerMinute: round((1000 * sum(Object.values(cpuOfNodes(before, after)))) / minutes),
    postgresCpuMsPerMinute: round((1000 * (after.postgres - before.postgres)) / minutes),
    statementsPerMinute: round((after.statements - before.statements) / minutes),
    transactionsPerMinute: round((after.transactions - before.transactions) / minutes),
  };
}

/**
 * Costs per learner-minute: the plan's learner-minutes (learners × its planned length, whatever the
 * run's tail). `…PerLearnerMinute` counts everything measured; `variable` first takes off what the
 * same nodes do idle over the run's length (`idle`, measured just before).
 */
function costs(before, after, learnerCount, plannedSeconds, idle) {
  const learnerMinutes = (learnerCount * plannedSeconds) / 60;
  const minutes = (after.at - before.at) / 60_000;
  const nodeCpu = cpuOfNodes(before, after);
  const nodesMs = 1000 * sum(Object.values(nodeCpu));
  const postgresMs = 1000 * (after.postgres - before.postgres);
  const statements = after.statements - before.statements;
  const transactions = after.transactions - before.transactions;
  return {
    learnerMinutes: round(learnerMinutes, 1),
    nodeCpuSeconds: nodeCpu,
    nodesCpuMsPerLearnerMinute: round(nodesMs / learnerMinutes),
    postgresCpuSeconds: round(postgresMs / 1000),
    postgresCpuMsPerLearnerMinute: round(postgresMs / learnerMinutes),
    statementsPerLearnerMinute: round(statements / learnerMinutes),
    transactionsPerLearnerMinute: round(transactions / learnerMinutes),
    idle,
    variable: {
      nodesCpuMsPerLearnerMinute: round((nodesMs - idle.nodesCpuMsPerMinute * minutes) / learnerMinutes),
      postgresCpuMsPerLearnerMinute: round((postgresMs - idle.postgresCpuMsPerMinute * minutes) / learnerMinutes),
      statementsPerLearnerMinute: round((statements - idle.statementsPerMinute * minutes) / learnerMinutes),
      transactionsPerLearnerMinute: round((transactions - idle.transactionsPerMinute * minutes) / learnerMinutes),
    },
  };
}

/** A run of the capacity plan through the balancer; acknowledged SCORM commits and saves kept to be checked. */
async function run({ send, students, text, scorm, count, during, duration = seconds }) {
  const controller = new AbortController();
  const plan = capacityPlan({ send, students, text, scorm, count, stepSeconds: duration });
  const acknowledged = { scorm: [], saves: new Map(), times: [] };
  const byStatus = {};
  // A failure other than a clean 503 (the French message with Retry-After): a 500, a 502, a cut connection.
  const unclean = [];
  const loading = openLoop(plan, (item, answer) => {
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    if (answer.status < 200 || answer.status >= 300) {
      if (!(answer.status === 503 && answer.body.includes(UNAVAILABLE))) unclean.push(`${item.kind} ${answer.status} ${answer.body.slice(0, 160)}`);
      return;
    }
    if (item.kind === 'scorm' || item.kind === 'save') acknowledged.times.push(performance.now());
    if (item.kind === 'scorm') acknowledged.scorm.push({ sessionId: item.s.scorm, seq: item.seq });
    if (item.kind === 'save') acknowledged.saves.set(item.s.text, (acknowledged.saves.get(item.s.text) ?? 0) + 1);
  }, controller.signal);
  const side = during ? during(controller) : null;
  const load = await loading;
  const sideResult = side ? await side : null;
  return {
    result: {
      learners: count,
      requests: load.latencies.length,
      requestsPerSecond: Math.round(load.latencies.length / load.seconds),
      latencyMs: { p50: percentile(load.latencies, 50), p99: percentile(load.latencies, 99), max: percentile(load.latencies, 100) },
      failures: load.failures.length,
      failureSamples: load.failures.slice(0, 5),
      uncleanFailures: unclean.length,
      uncleanSamples: unclean.slice(0, 5),
      statuses: byStatus,
      seconds: round(load.seconds, 1),
    },
    acknowledged,
    sideResult,
  };
}

/** Every acknowledged write in the event log: SCORM commits by (session, seq), saves by count per session. */
async function lostWrites(pool, acknowledged) {
  const sessions = acknowledged.scorm.map((a) => a.sessionId);
  const { rows } = await pool.query(
    `select payload->>'sessionId' as session, (payload->>'seq')::int as seq from eventlog.event where event_type = 'ScormCommitted' and payload->>'sessionId' = any($1::text[])`,
    [sessions],
  );
  const logged = new Set(rows.map((r) => `${r.session}/${r.seq}`));
  const duplicated = rows.length - logged.size;
  const missingCommits = acknowledged.scorm.filter((a) => !logged.has(`${a.sessionId}/${a.seq}`));
  const { rows: saves } = await pool.query(
    `select payload->>'sessionId' as session, count(*)::int as n from eventlog.event where event_type = 'LearningTimeRecorded' and payload->>'sessionId' = any($1::text[]) group by 1`,
    [[...acknowledged.saves.keys()]],
  );
  const savesLogged = new Map(saves.map((r) => [r.session, r.n]));
  let savesMissing = 0;
  for (const [sessionId, n] of acknowledged.saves) savesMissing += Math.max(0, n - (savesLogged.get(sessionId) ?? 0));
  return {
    scormCommitsAcknowledged: acknowledged.scorm.length,
    scormCommitsMissing: missingCommits.length,
    scormCommitsLoggedTwice: duplicated,
    savesAcknowledged: [...acknowledged.saves.values()].reduce((a, b) => a + b, 0),
    savesMissing,
  };
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const root = mkdtempSync(join(os.tmpdir(), 'lms-bench-nodes-'));
  cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
  console.log(`Déploiement de référence : ${maxNodes} nœuds (CPU 0), PostgreSQL (CPU 1), HAProxy — dans ${root}`);
  const cluster = await startCluster({
    nodes: maxNodes, root, log: (m) => console.log(`  ${m}`), pgStatStatements: true, cpus: { nodes: ['0'], postgres: '1' },
    env: { ACCESS_TOKEN_TTL_SECONDS: '7200', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000' },
  });
  cleanups.push(() => cluster.stop());
  const pool = new pg.Pool({ connectionString: cluster.database.superuserUrl.replace(/\/postgres$/, '/lms'), max: 2 });
  pool.on('error', () => undefined);
  cleanups.push(() => pool.end());
  await pool.query('create extension if not exists pg_stat_statements');

  const appHttp = httpClient(cluster.url);
  const text = await textCourse(appHttp);
  const scorm = await scormCourse(appHttp);
  const students = await makeStudents(appHttp, text, scorm, accounts);
  // HAProxy closes a client's idle connection after 10 s (timeout http-keep-alive): the client first.
  const { send, close } = loadClient(cluster.url, { idleSocketMs: 4000 });
  cleanups.push(async () => close());
  const results = {
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, loadAverageAtStart: os.loadavg().map((v) => round(v)) },
    settings: { learners, seconds, accounts, idleSeconds, pinning: 'app nodes on CPU 0, PostgreSQL on CPU 1, HAProxy and the harness unpinned' },
    scaling: [],
  };

  const active = (k) => cluster.nodes.slice(0, k);
  const setNodes = async (k) => {
    for (const n of cluster.nodes.slice(k)) {
      await haproxyCommand(cluster.adminSocket, `disable server app/${n.name}`);
      await cluster.stopNode(n);
    }
    for (const n of active(k)) {
      if (n.child.exitCode !== null || n.child.signalCode !== null) {
        await cluster.startNode(n);
        await haproxyCommand(cluster.adminSocket, `enable server app/${n.name}`);
      }
    }
    for (let i = 0; i < 60 && Object.entries(await cluster.states()).some(([name, s]) => active(k).some((n) => n.name === name) && s.status !== 'UP'); i++) await sleep(500);
  };

  for (const k of counts) {
    await setNodes(k);
    await sleep(3000);
    const idleStart = await snapshot(cluster, pool);
    await sleep(idleSeconds * 1000);
    const idle = idleRates(idleStart, await snapshot(cluster, pool));
    process.stdout.write(`${k} nœud(s) au repos : ${JSON.stringify(idle)}\n`);
    process.stdout.write(`${k} nœud(s), ${learners} apprenants simulés, ${seconds} s (charge ${os.loadavg()[0].toFixed(1)})… `);
    const before = await snapshot(cluster, pool);
    const { result } = await run({ send, students, text, scorm, count: learners });
    const after = await snapshot(cluster, pool);
    const phase = { nodes: k, ...result, ...costs(before, after, learners, seconds, idle), loadAverage: round(os.loadavg()[0]) };
    results.scaling.push(phase);
    console.log(
      `${phase.requestsPerSecond} req/s, p50 ${phase.latencyMs.p50} ms, p99 ${phase.latencyMs.p99} ms, ${phase.failures} échec(s) · ` +
        `nœuds ${phase.nodesCpuMsPerLearnerMinute} ms CPU/apprenant·min (${JSON.stringify(phase.nodeCpuSeconds)}), ` +
        `PostgreSQL ${phase.postgresCpuMsPerLearnerMinute} ms CPU/apprenant·min, ${phase.statementsPerLearnerMinute} requêtes SQL et ${phase.transactionsPerLearnerMinute} transactions/apprenant·min ; ` +
        `hors repos : ${JSON.stringify(phase.variable)}`,
    );
  }

  if (faults && !onlyPostgresFault) {
    await setNodes(3);
    await sleep(3000);
    // A node killed mid-load: SIGKILL at a third of the run; nothing acknowledged may be missing.
    process.stdout.write(`Nœud tué (SIGKILL) en pleine charge (${learners} apprenants, 3 nœuds)… `);
    const victim = cluster.nodes[1];
    const killed = await run({
      send, students, text, scorm, count: learners,
      during: async () => {
        await sleep((seconds * 1000) / 3);
        victim.child.kill('SIGKILL');
        const at = performance.now();
        for (let i = 0; i < 100; i++) {
          if ((await cluster.states())[victim.name].status !== 'UP') return { markedDownAfterMs: Math.round(performance.now() - at) };
          await sleep(100);
        }
        return { markedDownAfterMs: null };
      },
    });
    await sleep(5000); // the projections and policies of the last writes
    results.nodeKilled = { ...killed.result, balancer: killed.sideResult, writes: await lostWrites(pool, killed.acknowledged) };
    console.log(JSON.stringify(results.nodeKilled));
    await cluster.startNode(victim);
    await haproxyCommand(cluster.adminSocket, `enable server app/${victim.name}`);
    await setNodes(3);
    await sleep(3000);

    // A rolling restart of every node under load: 0 failed requests.
    process.stdout.write(`Redémarrage progressif des 3 nœuds en pleine charge (${learners} apprenants)… `);
    const rolling = await run({
      send, students, text, scorm, count: learners, duration: 600,
      during: async (controller) => {
        await sleep(5000);
        const steps = [];
        const started = performance.now();
        await cluster.rollingRestart((m) => steps.push(`${Math.round((performance.now() - started) / 1000)} s ${m}`));
        await sleep(5000);
        controller.abort();
        return { seconds: Math.round((performance.now() - started) / 1000), steps };
      },
    });
    await sleep(5000);
    results.rollingRestart = { ...rolling.result, restart: rolling.sideResult, writes: await lostWrites(pool, rolling.acknowledged) };
    console.log(JSON.stringify({ ...results.rollingRestart, restart: { seconds: rolling.sideResult.seconds } }));
  }

  if (faults) {
    // PostgreSQL restarted under load: a fast shutdown (as `pg_ctl restart -m fast` does first),
    // away BENCH_NODES_PG_DOWN_SECONDS, started again on its port. The nodes are not touched.
    await setNodes(3);
    await sleep(3000);
    process.stdout.write(`PostgreSQL redémarré en pleine charge (${learners} apprenants, 3 nœuds, ${pgDownSeconds} s d'arrêt)… `);
    const pidsBefore = Object.fromEntries(cluster.nodes.map((n) => [n.name, n.child?.pid]));
    const ready = () => fetch(`${cluster.url}/api/ready`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
    const restarted = await run({
      send, students, text, scorm, count: learners,
      during: async () => {
        await sleep((seconds * 1000) / 3);
        const stoppedAt = performance.now();
        await cluster.restartPostgres({ downMs: pgDownSeconds * 1000 });
        const startedAt = performance.now();
        let readyAfterMs = null;
        for (let i = 0; i < 600 && readyAfterMs === null; i++) {
          if ((await ready()) === 200) readyAfterMs = Math.round(performance.now() - startedAt);
          else await sleep(100);
        }
        return { stoppedAt, startedAt, stopAndStartMs: Math.round(startedAt - stoppedAt), readyAfterMs };
      },
    });
    await sleep(5000);
    const { stoppedAt, startedAt, ...side } = restarted.sideResult;
    const firstAckAfter = restarted.acknowledged.times.filter((at) => at >= startedAt).sort((a, b) => a - b)[0];
    const lastAckBefore = restarted.acknowledged.times.filter((at) => at <= stoppedAt).sort((a, b) => b - a)[0];
    results.postgresRestart = {
      ...restarted.result,
      downSeconds: pgDownSeconds,
      postgres: { ...side, writesResumedAfterMs: firstAckAfter === undefined ? null : Math.round(firstAckAfter - startedAt), writesPausedMs: firstAckAfter === undefined || lastAckBefore === undefined ? null : Math.round(firstAckAfter - lastAckBefore) },
      // The same processes before and after: none restarted, none died.
      nodesUntouched: cluster.nodes.every((n) => pidsBefore[n.name] === n.child?.pid && n.child.exitCode === null && n.child.signalCode === null),
      writes: await lostWrites(pool, restarted.acknowledged),
    };
    console.log(JSON.stringify(results.postgresRestart));
  }

  results.loadAverageAtEnd = os.loadavg().map((v) => round(v));
  const out = join(resultsDir, 'nodes.json');
  writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
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
