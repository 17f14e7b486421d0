// A batch of dossiers cut off by a killed process resumes, it does not restart (issue 26, docs/adr/0036):
// the app, compiled from these sources, runs the batch in a child process on the test database and is
// killed with SIGKILL once some learners are written; another instance on the same database and data
// folder retries the job (the queue's heartbeat) and finishes it once, writing only the learners the
// dead one had not written, every learner exactly once in the ZIP.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryBus } from '@nestjs/cqrs';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../../create-app.js';
import { loadConfig } from '../../../platform/config/config.js';
import { Database } from '../../../platform/database/database.js';
import { JobQueue } from '../../../platform/jobs/job-queue.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { unzip } from '../../../testing/zip.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { DOSSIER_BATCH_JOB, type DossierBatchData } from '../application/dossier/dossier-batch.js';
import { GetTranscript } from '../application/get-transcript.query.js';

const LEARNERS = 12;
let t: TestApp;
let build: string;
let child: ChildProcess | null = null;
let survivor: INestApplication | null = null;
let sender: JobQueue | null = null;

beforeAll(async () => {
  t = await startTestApp();
  // The app compiled from these very sources (as `npm run build` does), where Node finds its packages.
  build = join(process.cwd(), 'node_modules', '.cache', `kill-test-${randomUUID()}`);
  execFileSync(join(process.cwd(), '..', 'node_modules', '.bin', 'swc'), ['src', '-d', build, '--strip-leading-paths', '--config-file', '.swcrc', '-q'], { stdio: 'inherit' });
  writeFileSync(
    join(build, 'kill-target.mjs'),
    `import 'reflect-metadata';
const { createApp } = await import('./create-app.js');
const { loadConfig } = await import('./platform/config/config.js');
await createApp(loadConfig(process.env), process.env.DATABASE_URL, { logLevels: ['error'] });
process.stdout.write('ready\\n');
`,
  );
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await sender?.stop(1).catch(() => undefined);
  await survivor?.close().catch(() => undefined);
  await t?.close();
  if (build) rmSync(build, { recursive: true, force: true });
});

it('a batch whose process is killed mid-run resumes on another instance: each learner written once', async () => {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId, title: 'Habilitation électrique', chapters: [{ title: 'Risques', contentType: 'text', duration: 0, textContent: 'Consignation.' }] });
  const learners = [];
  for (let i = 0; i < LEARNERS; i++) {
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course);
    learners.push(student.studentId);
  }
  const admin = await givenAdmin(t);
  const actor = { accountId: admin.accountId, role: 'admin' as const, profileId: admin.adminId, username: 'admin', jti: randomUUID() };
  const env = { ...process.env, DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir, FRONTEND_DIST: t.config.frontendDist, JOBS_ENABLED: 'true', SHUTDOWN_GRACE_SECONDS: '1' };

  // The instance that will die: it runs the queue's worker.
  const said: string[] = [];
  child = spawn(process.execPath, [join(build, 'kill-target.mjs')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout!.on('data', (chunk: Buffer) => said.push(chunk.toString()));
  await eventually(async () => expect(said.join('')).toContain('ready'), 120_000);

  // The batch asked (as RequestDossierBatch sends it), from a node that only sends.
  sender = new JobQueue(t.databaseUrl);
  await sender.start();
  await sender.declare(DOSSIER_BATCH_JOB, 2);
  const data: DossierBatchData = { courseId: course.courseId, studentIds: learners, filter: { period: null }, actor };
  const jobId = await sender.send(DOSSIER_BATCH_JOB, data);
  const work = join(t.config.dataDir, 'dossier-lots', jobId);
  const written = () => (existsSync(work) ? readdirSync(work).filter((name) => /^a\d+$/.test(name)).map((name) => Number(name.slice(1))) : []);

  // Killed at once (no graceful stop) once two learners are written.
  await eventually(async () => expect(written().length).toBeGreaterThanOrEqual(2), 120_000);
  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  const before = written();
  expect(before.length).toBeLessThan(LEARNERS);
  const db = t.app.get(Database);
  expect(await db.query('select 1 from evidence.generated_dossier where job_id = $1', [jobId])).toHaveLength(0);

  // Another instance on the same database and data folder: the queue retries the lost try there.
  survivor = await createApp(loadConfig({ DATA_DIR: t.config.dataDir, FRONTEND_DIST: t.config.frontendDist, JOBS_ENABLED: 'true', SHUTDOWN_GRACE_SECONDS: '1' }), t.databaseUrl, { logLevels: ['error'] });
  const queries = survivor.get(QueryBus);
  const execute = queries.execute;
  const transcripts: number[] = [];
  const watched = (query: unknown) => {
    if (query instanceof GetTranscript) transcripts.push(query.studentId);
    return (execute as (q: unknown) => Promise<unknown>).call(queries, query);
  };
  queries.execute = watched as typeof queries.execute;
  // pg-boss fails a try whose heartbeat stopped (60 s) at its next supervision (60 s), then retries it.
  await eventually(async () => expect((await survivor!.get(Jobs).status(jobId))?.state).toBe('completed'), 400_000);
  queries.execute = execute;

  expect([...transcripts].sort((a, b) => a - b)).toEqual(learners.filter((id) => !before.includes(id)));
  expect((await survivor.get(Jobs).status(jobId))?.retryCount).toBe(1);
  expect(await db.query(`select 1 from eventlog.event where event_type = 'DossierGenerated' and payload ->> 'jobId' = $1`, [jobId])).toHaveLength(1);
  const [row] = await db.query<{ id: number; student_ids: number[] }>('select id, student_ids from evidence.generated_dossier where job_id = $1', [jobId]);
  expect(row!.student_ids).toEqual(learners);
  const entries = await unzip((await call(t, 'GET', `/api/evidence/dossiers/${row!.id}/file/`, admin.token)).rawPayload);
  const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
  expect(manifest.learners.map((l: { student_id: number }) => l.student_id)).toEqual(learners);
  expect([...entries.keys()].filter((name) => name.endsWith('/manifest.json'))).toHaveLength(LEARNERS);
  expect(existsSync(work)).toBe(false);
}, 600_000);
