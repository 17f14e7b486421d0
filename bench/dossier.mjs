// Dossiers de preuves (issue 26 item 7, docs/adr/0036): the app alone on a fresh embedded PostgreSQL with
// the demo data; a course of 50 steps made through the app, 100 learners enrolled through it, the first
// with 10,000 beats sent by the player's save (50 saves of 200 beats). Then:
//   - one learner's dossier (POST …/dossier/ and the ZIP downloaded): target ≤ 2 s;
//   - a batch of the 100 learners on the job queue, polled to the end: target ≤ 60 s with the server's
//     memory (RSS, sampled every 50 ms) rising ≤ 256 MiB, while the catalogue keeps answering (its
//     latency measured meanwhile).
// Nothing is asserted on timings in tests; the figures are printed and written to
// bench/results/dossier.json. On this 2-core machine shared with other work, say so beside them.
//
//   npm run bench:dossier            (BENCH_DOSSIER_LEARNERS, BENCH_DOSSIER_BEATS to change the sizes)
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './lib/deps.mjs';
import { httpClient } from './lib/load.mjs';
import { freePort, startService } from './lib/processes.mjs';
import { publishCourse } from './lib/publish.mjs';
import { enrolledStudents, ok, STUDENT_PASSWORD } from './scenarios/progress.mjs';

const resultsDir = join(projectRoot, 'bench', 'results');
const appMain = join(projectRoot, 'backend/dist/main.js');
const LEARNERS = Number(process.env.BENCH_DOSSIER_LEARNERS ?? 100);
const BEATS = Number(process.env.BENCH_DOSSIER_BEATS ?? 10_000);
const STEPS = 50;
const DEMO_ADMIN = { email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' };
const DEMO_TRAINER = { email: 'julien.bernard@demo.lms-formation.fr', password: 'Formateur2026!' };

const cleanups = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : null);

async function world(appHttp) {
  const admin = ok(await appHttp.postJson('/api/admin/token/', DEMO_ADMIN), 'connexion administrateur');
  const trainer = ok(await appHttp.postJson('/api/formateur/token/', DEMO_TRAINER), 'connexion formateur');
  const categories = ok(await appHttp.get('/api/category/'), 'catégories');
  const course = ok(
    await appHttp.postJson('/api/course/', { formateur: trainer.formateur_id, category: categories[0].id, title: `Banc dossiers ${Date.now().toString(36)}`, description: 'Un cours de 50 étapes pour le banc des dossiers de preuves.' }, trainer.access),
    'création du cours',
  );
  const chapters = [];
  for (let i = 1; i <= STEPS; i++) {
    chapters.push(ok(await appHttp.postJson(`/api/course-chapters/${course.id}/`, { title: `Étape ${i} : sécurité au poste de travail`, content_type: 'text', text_content: `Contenu de l’étape ${i}.` }, trainer.access), `étape ${i}`).id);
  }
  await publishCourse(appHttp, course.id, admin.access);
  const students = await enrolledStudents(appHttp, LEARNERS, { courseId: course.id, chapterId: chapters[0], contentType: 'text', prefix: 'dossier' });
  const first = students[0];
  const login = ok(await appHttp.postJson('/api/student-login-jwt/', { email: first.email, password: STUDENT_PASSWORD }), 'connexion étudiant');
  const session = crypto.randomUUID();
  const start = Date.now() - BEATS * 5_000;
  for (let sent = 0; sent < BEATS; sent += 200) {
    const beats = Array.from({ length: Math.min(200, BEATS - sent) }, (_, k) => {
      const at = start + (sent + k) * 5_000;
      return { seq: sent + k + 1, at, visible: true, focused: true, playing: false, last_input_at: at };
    });
    ok(await appHttp.postJson('/api/progress/', { student: first.id, course: course.id, content_type: 'text', chapter: chapters[0], session_id: session, beats }, login.access), 'battements');
  }
  return { admin: admin.access, courseId: course.id, first: first.id };
}

async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

async function main() {
  if (!existsSync(appMain)) throw new Error('backend/dist/main.js est absent : lancez « npm run build ».');
  mkdirSync(resultsDir, { recursive: true });
  const { startEmbeddedPostgres } = await import(pathToFileURL(join(projectRoot, 'backend/dist/platform/database/embedded-postgres.js')).href);
  const tmp = mkdtempSync(join(os.tmpdir(), 'lms-bench-dossier-'));
  chmodSync(tmp, 0o755);
  cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
  const database = await startEmbeddedPostgres({ dir: join(tmp, 'postgres'), port: await freePort(), database: 'lms' });
  cleanups.push(() => database.stop());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await startService({
    name: 'application',
    script: appMain,
    env: {
      ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database.url, DATA_DIR: join(tmp, 'app-data'), SEED_DEMO_DATA: 'true',
      ACCESS_TOKEN_TTL_SECONDS: '7200', LOGIN_MAX_FAILURES_PER_ADDRESS: '100000', LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000', JOBS_ENABLED: 'true',
    },
    logFile: join(resultsDir, 'dossier-app.log'),
    readyUrl: `${baseUrl}/api/health`,
  });
  cleanups.push(() => app.stop());
  const appHttp = httpClient(baseUrl);
  console.log(`Dossiers de preuves : cours de ${STEPS} étapes, ${LEARNERS} apprenants, ${BEATS} battements pour le premier (préparation par l’application)…`);
  const made = await world(appHttp);
  const auth = { authorization: `Bearer ${made.admin}` };
  // The projections catch up with the beats before measuring.
  await sleep(3000);

  const single = [];
  for (let i = 0; i < 3; i++) {
    single.push(
      await timed(async () => {
        const dossier = ok(await appHttp.postJson(`/api/evidence/students/${made.first}/courses/${made.courseId}/dossier/`, {}, made.admin), 'dossier d’un apprenant');
        const bytes = (await (await fetch(`${baseUrl}${dossier.download_url}`, { headers: auth })).arrayBuffer()).byteLength;
        return { bytes };
      }),
    );
  }
  const singleSeconds = single.map((s) => s.seconds).sort((a, b) => a - b);
  const singleMedian = singleSeconds[1];
  const singlePass = singleMedian <= 2;
  console.log(`Dossier d’un apprenant (${STEPS} étapes, ${BEATS} battements), génération et téléchargement : ${singleSeconds.map((s) => s.toFixed(2)).join(' / ')} s, médiane ${singleMedian.toFixed(2)} s, ${(single[0].value.bytes / 2 ** 20).toFixed(2)} Mio : ${singlePass ? 'PASS' : 'FAIL'} (≤ 2 s)`);

  const baseline = rssOf(app.pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(app.pid));
  }, 50);
  let running = true;
  const latencies = [];
  const reading = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${baseUrl}/api/course/?page=1`)).text();
      latencies.push(performance.now() - started);
      await sleep(100);
    }
  })();
  const batch = await timed(async () => {
    const asked = await appHttp.postJson(`/api/evidence/courses/${made.courseId}/dossiers/`, {}, made.admin);
    if (asked.status !== 202) throw new Error(`lot refusé : ${asked.status} ${asked.text}`);
    for (;;) {
      const state = ok(await appHttp.get(`/api/evidence/dossier-batches/${asked.json.job_id}/`, made.admin), 'état du lot');
      if (state.state === 'failed' || state.state === 'cancelled') throw new Error(`lot ${state.state}`);
      if (state.dossier) return { learners: asked.json.learners, bytes: state.dossier.size_bytes };
      await sleep(250);
    }
  });
  running = false;
  await reading;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  const riseMiB = (peak - baseline) / 2 ** 20;
  const batchPass = batch.seconds <= 60 && riseMiB <= 256;
  console.log(`Lot de ${batch.value.learners} dossiers (file de tâches) : ${batch.seconds.toFixed(1)} s, ${(batch.value.bytes / 2 ** 20).toFixed(1)} Mio, mémoire du serveur +${riseMiB.toFixed(1)} Mio (pic ${(peak / 2 ** 20).toFixed(0)} Mio) : ${batchPass ? 'PASS' : 'FAIL'} (≤ 60 s, ≤ 256 Mio)`);
  console.log(`  Pendant le lot, le catalogue a répondu ${latencies.length} fois (p50 ${percentile(latencies, 50)?.toFixed(1)} ms, p99 ${percentile(latencies, 99)?.toFixed(1)} ms).`);
  console.log(`  Charge de la machine (moyennes 1, 5 et 15 min, à la fin) : ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cœurs).`);
  const result = {
    finishedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg() },
    settings: { steps: STEPS, learners: LEARNERS, beats: BEATS },
    single: { seconds: singleSeconds, medianSeconds: singleMedian, bytes: single[0].value.bytes, pass: singlePass },
    batch: { seconds: batch.seconds, learners: batch.value.learners, bytes: batch.value.bytes, rssRiseMiB: riseMiB, rssPeakMiB: peak / 2 ** 20, catalogueDuringBatch: { requests: latencies.length, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) }, pass: batchPass },
  };
  writeFileSync(join(resultsDir, 'dossier.json'), JSON.stringify(result, null, 2) + '\n');
  if (!singlePass || !batchPass) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
