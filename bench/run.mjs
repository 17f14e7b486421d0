// Benchmark harness: the production app against a bare Fastify + pg baseline, same database,
// same SQL, scenario by scenario. See bench/README.md.
//
//   npm run bench                      (or: node bench/run.mjs, with Node >= 24)
//   BENCH_DURATION=5 BENCH_WARMUP=2 BENCH_ONLY=identity,health npm run bench
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Checked before loading anything native: an older Node crashes on the project's argon2 binding.
{
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 24 || (major === 24 && minor < 9)) {
    console.error(
      `Node ${process.versions.node} : il faut Node >= 24.9. Lancez « npm run bench » ou mettez node_modules/.bin en tête du PATH.`,
    );
    process.exit(1);
  }
}
const { projectRoot, versions } = await import('./lib/deps.mjs');
const { httpClient, problemsOf, runLoad } = await import('./lib/load.mjs');
const { freePort, startService } = await import('./lib/processes.mjs');
const { cpuSnapshot, cpuUsage } = await import('./lib/cpu.mjs');
const { formatTable, summariseRounds } = await import('./lib/report.mjs');
const { subscriptionsCaughtUp } = await import('./lib/subscriptions.mjs');

const benchDir = join(projectRoot, 'bench');
const resultsDir = join(benchDir, 'results');
const appMain = join(projectRoot, 'backend/dist/main.js');

/** Requests per CPU-second of the server measured and of PostgreSQL during a run (cpu.mjs), « – » when unknown. */
function perCpuSecond(summary) {
  const requests = summary.reqPerSec * settings.duration;
  const per = (seconds) => (seconds > 0 ? Math.round(requests / seconds).toString() : '–');
  return `${per(summary.cpu?.serversCpuSeconds)} / ${per(summary.cpu?.postgresCpuSeconds)}`;
}

/** An error whose message says it all (no stack trace printed). */
const failure = (message) => Object.assign(new Error(message), { expected: true });

function envNumber(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw failure(`${name} doit être un nombre entre ${min} et ${max} (reçu « ${raw} »).`);
  return value;
}

let settings;
const readSettings = () => ({
  duration: envNumber('BENCH_DURATION', 5, 1, 60),
  warmup: envNumber('BENCH_WARMUP', 2, 0, 30),
  // Rounds per scenario, app and baseline interleaved (a busy machine hits both alike): the ratio is the median of the rounds'.
  rounds: envNumber('BENCH_ROUNDS', 5, 1, 21),
  maxConnections: envNumber('BENCH_MAX_CONNECTIONS', 50, 1, 200),
  only: process.env.BENCH_ONLY?.trim() || null,
});

/** Measurements a scenario file adds after the table (`export const measurements = [{ name, run }]`). */
const measurementsByFile = [];

async function loadScenarios() {
  const dir = join(benchDir, 'scenarios');
  const all = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort()) {
    const mod = await import(pathToFileURL(join(dir, file)).href);
    if (!Array.isArray(mod.scenarios)) throw failure(`bench/scenarios/${file} doit exporter un tableau « scenarios ».`);
    for (const measurement of mod.measurements ?? []) measurementsByFile.push({ ...measurement, file });
    for (const scenario of mod.scenarios) {
      for (const side of ['app', 'baseline']) {
        if (!scenario[side]?.path) throw failure(`Scénario « ${scenario.name} » (${file}) : « ${side}.path » manquant.`);
      }
      const connections = scenario.connections ?? 20;
      if (!Number.isInteger(connections) || connections < 1 || connections > settings.maxConnections) {
        throw failure(`Scénario « ${scenario.name} » : connections doit être un entier entre 1 et ${settings.maxConnections}.`);
      }
      all.push({ ...scenario, connections, file });
    }
  }
  const names = new Set();
  for (const s of all) {
    if (names.has(s.name)) throw failure(`Deux scénarios s'appellent « ${s.name} ».`);
    names.add(s.name);
  }
  if (!settings.only) return all;
  const wanted = settings.only.split(',').map((w) => w.trim()).filter(Boolean);
  return all.filter((s) => wanted.some((w) => s.name.includes(w) || s.file.includes(w)));
}

// ---------------------------------------------------------------------------------------------
// Cleanup: always, once, whatever happened (error, Ctrl-C, SIGTERM).
const cleanups = [];
let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`Nettoyage : ${error?.message ?? error}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal} reçu : arrêt des serveurs et de PostgreSQL…`);
    void cleanup().finally(() => process.exit(130));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const withTimeout = (promise, ms) => Promise.race([promise, sleep(ms).then(() => 'timeout')]);

/** Which code was measured: the build's date and the commit (dist may hold uncommitted work). */
function appBuildInfo() {
  const git = (...args) => {
    try {
      return execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return null;
    }
  };
  const changes = git('status', '--porcelain', '--', 'backend');
  return {
    builtAt: statSync(appMain).mtime.toISOString(),
    commit: git('rev-parse', 'HEAD'),
    uncommittedBackendChanges: changes === null ? null : changes.split('\n').filter(Boolean).length,
  };
}

async function main() {
  settings = readSettings();
  if (!existsSync(appMain)) {
    throw failure('backend/dist/main.js est absent : lancez d\'abord « npm run build » (ou « npm run build -w backend »).');
  }
  const scenarios = await loadScenarios();
  if (scenarios.length === 0) throw failure(`Aucun scénario ne correspond à BENCH_ONLY=${settings.only}.`);
  mkdirSync(resultsDir, { recursive: true });

  const { startEmbeddedPostgres, stopLeftoverPostgres } = await import(
    pathToFileURL(join(projectRoot, 'backend/dist/platform/database/embedded-postgres.js')).href
  );

  // Fresh temp dir: postgres cluster + the app's DATA_DIR. As root, postgres runs as the
  // 'postgres' OS user and must be able to reach it.
  const tmp = mkdtempSync(join(os.tmpdir(), 'lms-bench-'));
  chmodSync(tmp, 0o755);
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  const pgDir = join(tmp, 'postgres');
  mkdirSync(pgDir, { mode: 0o755 });

  console.log(`PostgreSQL embarqué (données temporaires dans ${tmp})…`);
  const pgPort = await freePort();
  cleanups.push(async () => {
    // In case start failed half-way or stop() hung: kill whatever postmaster.pid names.
    await stopLeftoverPostgres(join(pgDir, 'cluster'));
  });
  const database = await startEmbeddedPostgres({ dir: pgDir, port: pgPort, database: 'lms', log: (m) => console.log(`  postgres: ${m}`) });
  cleanups.push(async () => {
    // stop() never resolves when postgres already exited (e.g. Ctrl-C reached it too): a clean
    // shutdown removes postmaster.pid, so that is watched as well.
    const pidFile = join(pgDir, 'cluster', 'postmaster.pid');
    const gone = (async () => {
      while (existsSync(pidFile)) await sleep(100);
    })();
    if ((await withTimeout(Promise.race([database.stop(), gone]), 20_000)) === 'timeout') {
      console.error('PostgreSQL ne s\'est pas arrêté en 20 s.');
    }
  });

  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  console.log(`Application (backend/dist/main.js) sur ${appUrl}…`);
  const app = await startService({
    name: 'application',
    script: appMain,
    logFile: join(resultsDir, 'app.log'),
    readyUrl: `${appUrl}/api/health`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: join(tmp, 'app-data'),
      SEED_DEMO_DATA: 'true',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    },
  });
  cleanups.push(() => app.stop());

  const baselinePort = await freePort();
  const baselineUrl = `http://127.0.0.1:${baselinePort}`;
  console.log(`Serveur de référence (bench/baseline-server.mjs) sur ${baselineUrl}…`);
  const baseline = await startService({
    name: 'référence',
    script: join(benchDir, 'baseline-server.mjs'),
    logFile: join(resultsDir, 'baseline.log'),
    readyUrl: `${baselineUrl}/api/health`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(baselinePort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    },
  });
  cleanups.push(() => baseline.stop());

  const sides = {
    app: { label: 'app', baseUrl: appUrl, service: app },
    baseline: { label: 'référence', baseUrl: baselineUrl, service: baseline },
  };

  console.log(
    `\n${scenarios.length} scénario(s), ${settings.warmup} s de chauffe puis ${settings.rounds} manche(s) de ${settings.duration} s de mesure chacun, ` +
      `app et référence alternées (l'ordre change à chaque manche) ; le rapport est la médiane des rapports des manches.\n`,
  );
  // One quiet second (servers idle) to see whether something else is already using the machine.
  const quietStart = cpuSnapshot();
  await sleep(1000);
  const atStart = cpuUsage(quietStart, cpuSnapshot());
  if (atStart && atStart.otherProcessesPct > 10) {
    console.log(`⚠ D'autres processus occupent déjà ${atStart.otherProcessesPct} % de la machine : les mesures seront bruitées.\n`);
  }
  const results = [];
  for (const scenario of scenarios) {
    const entry = { name: scenario.name, description: scenario.description ?? '', file: scenario.file, connections: scenario.connections };
    const run = async (sideName, phase, duration) => {
      const side = sides[sideName];
      if (!side.service.alive) throw failure(`${side.service.name} s'est arrêté (voir ${side.service.logFile}).`);
      const http = httpClient(side.baseUrl);
      // appHttp: data a scenario needs (accounts, quizzes…) is made through the app, whichever side is measured.
      const state = scenario.setup
        ? await scenario.setup({
            side: sideName, phase, baseUrl: side.baseUrl, http, appHttp: httpClient(sides.app.baseUrl), baselineHttp: httpClient(sides.baseline.baseUrl),
            connections: scenario.connections, databaseUrl: database.url,
          })
        : {};
      // The events of the setup, and those another scenario or the other side's last run appended, are
      // projected before the load starts: a run is not charged with work that is not its own.
      const waitedMs = await subscriptionsCaughtUp(database.url);
      if (waitedMs > 1000) console.log(`  ${scenario.name.padEnd(16)} ${phase} ${sideName} : ${(waitedMs / 1000).toFixed(1)} s d'attente des projections avant la charge`);
      const summary = await runLoad({ baseUrl: side.baseUrl, target: scenario[sideName], state, connections: scenario.connections, duration, check: scenario.check });
      if (!side.service.alive) throw failure(`${side.service.name} s'est arrêté pendant « ${scenario.name} » (voir ${side.service.logFile}).`);
      return summary;
    };
    if (settings.warmup > 0) {
      for (const sideName of ['app', 'baseline']) {
        const problems = problemsOf(await run(sideName, 'warmup', settings.warmup));
        if (problems.length) {
          throw failure(`« ${scenario.name} » (${sides[sideName].label}) échoue dès la chauffe : ${problems.join(' ; ')} (journal : ${sides[sideName].service.logFile})`);
        }
      }
    }
    // Interleaved rounds: app then baseline, then baseline then app, and so on; each round's ratio
    // compares two runs a few seconds apart, so a load that comes and goes hits both sides of it.
    const rounds = [];
    for (let round = 0; round < settings.rounds; round++) {
      const measured = {};
      for (const sideName of round % 2 === 0 ? ['app', 'baseline'] : ['baseline', 'app']) {
        const before = cpuSnapshot();
        const summary = await run(sideName, 'measure', settings.duration);
        summary.problems = problemsOf(summary);
        summary.cpu = cpuUsage(before, cpuSnapshot());
        measured[sideName] = summary;
      }
      const ratio = measured.baseline.reqPerSec > 0 ? measured.app.reqPerSec / measured.baseline.reqPerSec : null;
      rounds.push({ ...measured, ratio });
      console.log(
        `  ${scenario.name.padEnd(16)} manche ${round + 1}/${settings.rounds}  app ${measured.app.reqPerSec.toFixed(0).padStart(6)} req/s  référence ${measured.baseline.reqPerSec.toFixed(0).padStart(6)} req/s` +
          `  rapport ${ratio === null ? '–' : ratio.toFixed(2)}` +
          `  (autres processus ${measured.app.cpu?.otherProcessesPct ?? '–'} % / ${measured.baseline.cpu?.otherProcessesPct ?? '–'} %)` +
          `  req par seconde de CPU serveur / PostgreSQL : app ${perCpuSecond(measured.app)}, référence ${perCpuSecond(measured.baseline)}` +
          ([...measured.app.problems, ...measured.baseline.problems].length ? `  ⚠ ${[...measured.app.problems, ...measured.baseline.problems].join(' ; ')}` : ''),
      );
    }
    Object.assign(entry, summariseRounds(rounds));
    results.push(entry);
  }

  console.log(`\n${formatTable(results)}\n`);
  // Measurements of the files whose scenarios ran (BENCH_ONLY selects them too).
  const measurements = [];
  for (const measurement of measurementsByFile.filter((m) => scenarios.some((s) => s.file === m.file))) {
    const outcome = await measurement.run({
      appUrl: sides.app.baseUrl, appPid: sides.app.service.pid, appHttp: httpClient(sides.app.baseUrl), baselineHttp: httpClient(sides.baseline.baseUrl),
    });
    for (const line of outcome.lines) console.log(line);
    measurements.push({ name: measurement.name, file: measurement.file, pass: outcome.pass, ...outcome.result });
  }
  if (measurements.length) console.log('');
  const noisy = results.flatMap((r) => ['app', 'baseline'].filter((side) => (r[side].cpu?.otherProcessesPct ?? 0) > 10).map((side) => `${r.name} (${side})`));
  if (noisy.length) console.log(`⚠ Mesures bruitées par d'autres processus (> 10 % de la machine) : ${noisy.join(', ')}.\n`);
  const report = {
    finishedAt: new Date().toISOString(),
    settings: { durationSeconds: settings.duration, warmupSeconds: settings.warmup, rounds: settings.rounds, only: settings.only },
    machine: { otherProcessesCpuPctAtStart: atStart?.otherProcessesPct ?? null, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, totalMemoryMiB: Math.round(os.totalmem() / 2 ** 20), platform: `${os.platform()} ${os.release()}` },
    node: process.versions.node,
    app: appBuildInfo(),
    baselineLibraries: versions,
    scenarios: results,
    measurements,
  };
  const out = join(resultsDir, 'latest.json');
  writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`Résultats : ${out}`);

  const broken = results.flatMap((r) => ['app', 'baseline'].filter((s) => r[s].problems.length).map((s) => `${r.name} (${s}) : ${r[s].problems.join(' ; ')}`));
  if (broken.length) throw failure(`Mesures invalides :\n- ${broken.join('\n- ')}`);
  const failed = measurements.filter((m) => !m.pass).map((m) => m.name);
  if (failed.length) throw failure(`Objectifs non atteints : ${failed.join(', ')}.`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`\nÉchec du benchmark : ${error?.expected || !error?.stack ? (error?.message ?? error) : error.stack}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
