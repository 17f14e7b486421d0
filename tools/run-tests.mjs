#!/usr/bin/env node
// `npm test`: every suite in order, each one run even when an earlier one failed, output streamed
// as it comes; then one summary, and a non-zero exit code when any suite failed. The browser suite
// runs the production build, so it is reported failed (not run) when the build failed.
//
//   node tools/run-tests.mjs              every suite
//   node tools/run-tests.mjs unit api     only these (in the usual order)
//
// The summary's lines never look like a runner's count ("  3 failed"): .ci/run sums those.
import { spawn } from 'node:child_process';

/** In order; `needs` names a step whose failure means this one cannot run. */
const SUITES = [
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit' },
  { name: 'api', script: 'test:api' },
  { name: 'frontend', script: 'test:frontend' },
  { name: 'build', script: 'build' },
  { name: 'e2e', script: 'test:e2e', needs: 'build' },
  // The restore drill (docs/adr/0062): back up a seeded demo centre, restore it into a fresh database, verify it.
  { name: 'restore', script: 'drill:restore', needs: 'build' },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !SUITES.some((s) => s.name === name));
if (unknown.length) {
  console.error(`Suite inconnue : ${unknown.join(', ')} (au choix : ${SUITES.map((s) => s.name).join(', ')})`);
  process.exit(2);
}
const suites = wanted.length ? SUITES.filter((s) => wanted.includes(s.name)) : SUITES;

let current = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

function run(script) {
  return new Promise((resolve) => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    current = spawn(npm, ['run', script], { stdio: 'inherit' });
    current.on('error', (error) => {
      console.error(`Impossible de lancer npm run ${script} : ${error.message}`);
      resolve(1);
    });
    current.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  }).finally(() => {
    current = null;
  });
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const results = [];
const started = Date.now();
for (const suite of suites) {
  if (interrupted) {
    results.push({ ...suite, ok: false, note: 'non lancée (interrompu)' });
    continue;
  }
  const blocker = suite.needs && results.find((r) => r.name === suite.needs && !r.ok);
  if (blocker) {
    console.log(`\n== ${suite.name} : non lancée, ${blocker.name} a échoué`);
    results.push({ ...suite, ok: false, note: `non lancée (${blocker.name} a échoué)` });
    continue;
  }
  console.log(`\n== ${suite.name} (npm run ${suite.script})`);
  const begin = Date.now();
  const code = await run(suite.script);
  results.push({ ...suite, ok: code === 0, note: `${code === 0 ? 'réussie' : `échec, code ${code}`} en ${seconds(Date.now() - begin)}` });
}

const failed = results.filter((r) => !r.ok);
console.log(`\n== Résumé des suites (${seconds(Date.now() - started)})`);
for (const r of results) console.log(`${r.ok ? '✔' : '✘'} ${r.name} : ${r.note}`);
console.log(failed.length ? `Suites en échec : ${failed.map((r) => r.name).join(', ')}` : 'Toutes les suites ont réussi.');
process.exit(failed.length ? 1 : 0);
