// Event log benchmark (issue 3), standalone: node bench/event-log.mjs (Node >= 24, after npm run build).
//
//   1. append throughput: many streams (against a plain INSERT), one hot stream;
//   2. projection lag, commit to visible, while appending at BENCH_LAG_RATE events/s;
//   3. full rebuild of BENCH_REBUILD_EVENTS generated events (1,000,000 by default) with the
//      real command (backend/dist/cli/projections-rebuild.js), and eventlog:verify over them.
//
// The app (backend/dist/main.js) runs as a child process on a fresh embedded PostgreSQL, as in
// run.mjs; its projection runner is what the lag measures. Targets (issue 3, 2 cores): rebuild
// >= 10,000 events/s; lag p99 < 1 s while appending >= 1,000 events/s. Nothing is asserted.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pg, projectRoot } from './lib/deps.mjs';
import { freePort, startService } from './lib/processes.mjs';
import { generateEvents, measurements } from './scenarios/event-log.mjs';

const env = process.env;
const number = (name, fallback) => (env[name] ? Number(env[name]) : fallback);
const seconds = number('BENCH_DURATION', 5);
const rate = number('BENCH_LAG_RATE', 1100);
const rebuildEvents = number('BENCH_REBUILD_EVENTS', 1_000_000);
const resultsDir = join(projectRoot, 'bench/results');
const appMain = join(projectRoot, 'backend/dist/main.js');

function runNode(script, args, childEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const cleanups = [];
async function cleanup() {
  for (const step of cleanups.reverse()) await step().catch((error) => console.error(`Nettoyage : ${error?.message ?? error}`));
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

async function main() {
  if (!existsSync(appMain)) throw new Error('backend/dist/main.js est absent : lancez « npm run build ».');
  mkdirSync(resultsDir, { recursive: true });
  const { startEmbeddedPostgres } = await import(pathToFileURL(join(projectRoot, 'backend/dist/platform/database/embedded-postgres.js')).href);
  const tmp = mkdtempSync(join(os.tmpdir(), 'lms-bench-eventlog-'));
  chmodSync(tmp, 0o755);
  cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
  const database = await startEmbeddedPostgres({ dir: join(tmp, 'postgres'), port: await freePort(), database: 'lms' });
  cleanups.push(() => database.stop());
  const appEnv = { ...env, NODE_ENV: 'production', DATABASE_URL: database.url, DATA_DIR: join(tmp, 'app-data'), SEED_DEMO_DATA: 'false', HOST: '127.0.0.1' };
  const port = await freePort();
  console.log(`Application sur le port ${port} (journal : bench/results/event-log-app.log)…`);
  const app = await startService({
    name: 'application',
    script: appMain,
    env: { ...appEnv, PORT: String(port) },
    logFile: join(resultsDir, 'event-log-app.log'),
    readyUrl: `http://127.0.0.1:${port}/api/health`,
  });
  cleanups.push(() => app.stop());
  const pool = new pg.Pool({ connectionString: database.url, max: 24 });
  pool.on('error', () => undefined); // idle clients cut when PostgreSQL stops
  cleanups.push(() => pool.end());

  const results = { machine: { cpus: os.cpus().length, loadAverage1mAtStart: os.loadavg()[0] }, settings: { seconds, rate, rebuildEvents }, measurements: {} };
  for (const measurement of measurements) {
    process.stdout.write(`${measurement.name.padEnd(24)} `);
    const result = await measurement.run({ pool, seconds: measurement.name === 'projection lag' ? Math.max(seconds, 10) : seconds, rate });
    results.measurements[measurement.name] = result;
    console.log(JSON.stringify(result));
  }

  // The rebuild runs on a log written while no app node projects it.
  await app.stop();
  await pool.query('truncate eventlog.checkpoint');
  console.log(`\nÉcriture de ${rebuildEvents} événements (chaînes valides)…`);
  results.generated = await generateEvents({ pool, total: rebuildEvents, log: (m) => console.log(m) });
  const total = Number((await pool.query('select count(*) as n from eventlog.event')).rows[0].n);
  console.log(`  ${results.generated.events} écrits en ${results.generated.seconds} s ; ${total} événements dans le journal.`);
  await pool.query('vacuum analyze eventlog.event');

  const commandEnv = { ...appEnv };
  let started = performance.now();
  const rebuild = await runNode(join(projectRoot, 'backend/dist/cli/projections-rebuild.js'), ['--json'], commandEnv);
  const rebuildSeconds = (performance.now() - started) / 1000;
  if (rebuild.code !== 0) throw new Error(`projections:rebuild a échoué (${rebuild.code}) :\n${rebuild.stderr}${rebuild.stdout}`);
  const reports = JSON.parse(rebuild.stdout);
  results.rebuild = {
    logEvents: total,
    commandSeconds: Math.round(rebuildSeconds * 10) / 10,
    projections: reports.map((r) => ({ name: r.name, events: r.events, rows: r.rows, seconds: Math.round(r.durationMs / 100) / 10, eventsPerSecond: Math.round(r.eventsPerSecond) })),
  };
  console.log(`projections:rebuild      ${JSON.stringify(results.rebuild)}`);

  started = performance.now();
  const verify = await runNode(join(projectRoot, 'backend/dist/cli/eventlog-verify.js'), ['--json'], commandEnv);
  const verifySeconds = (performance.now() - started) / 1000;
  const verified = JSON.parse(verify.stdout);
  results.verify = { code: verify.code, events: verified.events, streams: verified.streams, seconds: Math.round(verifySeconds * 10) / 10, eventsPerSecond: Math.round(verified.events / verifySeconds) };
  console.log(`eventlog:verify          ${JSON.stringify(results.verify)}`);

  const lag = results.measurements['projection lag'];
  const rebuildRate = Math.min(...results.rebuild.projections.filter((p) => p.events > 0).map((p) => p.eventsPerSecond));
  console.log('\nObjectifs (issue 3, 2 cœurs) :');
  console.log(`  reconstruction >= 10 000 év./s : ${rebuildRate} év./s (projection la plus lente) ${rebuildRate >= 10_000 ? '✓' : '✗'}`);
  console.log(`  retard p99 < 1 s à >= 1 000 év./s : p99 ${lag.lagP99Ms} ms à ${lag.achievedRate} év./s ${lag.lagP99Ms < 1000 && lag.achievedRate >= 1000 ? '✓' : '✗'}`);
  results.finishedAt = new Date().toISOString();
  writeFileSync(join(resultsDir, 'event-log.json'), JSON.stringify(results, null, 2) + '\n');
  console.log('Résultats : bench/results/event-log.json');
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`\nÉchec du benchmark : ${error?.stack ?? error}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
