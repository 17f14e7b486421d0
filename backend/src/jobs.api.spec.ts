// The job queue in the app (docs/adr/0031): started with the app, GET /api/admin/jobs/{id}/, restart, retries.
import { createApp } from './create-app.js';
import { call, givenAdmin, givenStudent, givenTeacher } from './testing/fixtures.js';
import { startTestApp, type TestApp } from './testing/test-app.js';
import { eventually } from './platform/testing/eventually.js';
import { Jobs } from './platform/jobs/jobs.service.js';
import { Database } from './platform/database/database.js';
import { MediaStorage } from './platform/storage/media-storage.js';
import { PENDING_FILES_SWEEP_JOB, PENDING_FILES_SWEEP_SCHEDULE } from './platform/storage/pending-files-sweep.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ JOBS_ENABLED: 'true', SHUTDOWN_GRACE_SECONDS: '5' });
});
afterAll(() => t?.close());

const read = async (token: string, id: string) => (await call(t, 'GET', `/api/admin/jobs/${id}/`, token)).json();

it('shows an admin a job’s state and progress while it runs and once it is done', async () => {
  const admin = await givenAdmin(t);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await t.app.get(Jobs).define<{ total: number }>({
    name: 'test-progress',
    retryLimit: 0,
    handler: async (job) => {
      await job.progress(1, job.data.total);
      await released;
      await job.progress(job.data.total, job.data.total);
    },
  });
  const id = await t.app.get(Jobs).send('test-progress', { total: 3 });
  await eventually(async () => expect(await read(admin.token, id)).toEqual({ id, name: 'test-progress', state: 'active', attempts: 1, retry_limit: 0, progress: { done: 1, total: 3 } }), 60_000);
  release();
  await eventually(async () => expect(await read(admin.token, id)).toMatchObject({ state: 'completed', attempts: 1, progress: { done: 3, total: 3 } }), 60_000);
}, 180_000);

it('ends a failing job failed after its retry limit', async () => {
  const admin = await givenAdmin(t);
  let tries = 0;
  await t.app.get(Jobs).define({ name: 'test-fails', retryLimit: 1, handler: async () => { tries++; throw new Error('échec voulu'); } });
  const id = await t.app.get(Jobs).send('test-fails', {});
  await eventually(async () => expect(await read(admin.token, id)).toMatchObject({ state: 'failed', attempts: 2, retry_limit: 1, progress: null }), 90_000);
  expect(tries).toBe(2);
}, 180_000);

it('refuses others than admins, a malformed id in French, and answers 404 for an unknown one', async () => {
  const admin = await givenAdmin(t);
  const student = await givenStudent(t);
  const teacher = await givenTeacher(t);
  const unknown = '0b6f3f5e-9d8a-4c1e-8f00-000000000000';
  expect((await call(t, 'GET', `/api/admin/jobs/${unknown}/`)).statusCode).toBe(401);
  expect((await call(t, 'GET', `/api/admin/jobs/${unknown}/`, student.token)).statusCode).toBe(403);
  expect((await call(t, 'GET', `/api/admin/jobs/${unknown}/`, teacher.token)).statusCode).toBe(403);
  const malformed = await call(t, 'GET', '/api/admin/jobs/pas-un-uuid/', admin.token);
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json().message).toBe('L’identifiant de tâche doit être un UUID.');
  const missing = await call(t, 'GET', `/api/admin/jobs/${unknown}/`, admin.token);
  expect(missing.statusCode).toBe(404);
  expect(missing.json().message).toBe('Tâche introuvable.');
});

it('runs a job sent before a restart once, on the app started after it (two app instances, one database)', async () => {
  // Last in this file: two apps in one process share passport's strategy, so t's HTTP calls are
  // not used once the other has closed; the job is read through the Jobs service the endpoint uses.
  // The first instance only sends (it runs no worker for this type), then stops.
  const first = await createApp(t.config, t.databaseUrl, { logLevels: ['error'], clock: t.clock });
  await first.get(Jobs).declare('test-restart', 0);
  const id = await first.get(Jobs).send('test-restart', { key: 'logo' });
  await first.close();
  // The running instance (t) works the type: the job runs there, once.
  const ran: string[] = [];
  await t.app.get(Jobs).define<{ key: string }>({ name: 'test-restart', retryLimit: 0, handler: async (job) => { ran.push(job.data.key); } });
  await eventually(async () => expect(await t.app.get(Jobs).status(id)).toMatchObject({ state: 'completed' }), 60_000);
  expect(ran).toEqual(['logo']);
}, 180_000);

it('sweeps the stored files no committed change took, hourly on the queue (one node per tick)', async () => {
  const db = t.app.get(Database);
  expect(await db.query('select cron, timezone from jobs.schedule where name = $1', [PENDING_FILES_SWEEP_JOB])).toEqual([{ cron: PENDING_FILES_SWEEP_SCHEDULE, timezone: 'Europe/Paris' }]);
  // A file a killed node staged seven hours ago: the queue's run removes it and its line.
  const storage = t.app.get(MediaStorage);
  const path = await storage.put('homework/abandonne', 'pdf', Buffer.from('%PDF-1.4'));
  await db.query("insert into media.pending_file (path, reason, since) values ($1, 'staged', now() - interval '7 hours')", [path]);
  await t.app.get(Jobs).send(PENDING_FILES_SWEEP_JOB, {});
  await eventually(async () => expect(await db.query('select path from media.pending_file where path = $1', [path])).toEqual([]), 60_000);
  expect(await storage.exists(path)).toBe(false);
});
