// Batches of dossiers de preuves on the job queue (issue 26 item 7, docs/adr/0036): an admin asks for every
// learner of a course, or those enrolled in a period; the job reports its progress, the ZIP holds a folder
// per learner with its manifest, and a batch run again (a restart, a redelivery) is saved once.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createApp } from '../../../create-app.js';
import { Database } from '../../../platform/database/database.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { MediaStorage } from '../../../platform/storage/media-storage.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { unzip } from '../../../testing/zip.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { CommandBus } from '@nestjs/cqrs';
import { DossierRetention } from '../application/dossier/dossier-retention.js';
import { BATCH_LEARNERS_SQL, DossierBatchRunner, DOSSIER_BATCH_JOB, RequestDossierBatch, type DossierBatchData } from '../application/dossier/dossier-batch.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp({ JOBS_ENABLED: 'true', SHUTDOWN_GRACE_SECONDS: '5' });
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => t.clock.release());

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const T0 = Date.parse('2026-03-02T08:00:00Z');


/** The job data of a batch of every learner of the course, asked by a new admin, run by the tests through the runner itself. */
async function adminBatchOf(course: { courseId: number }, learners: { studentId: number }[]) {
  const admin = await givenAdmin(t);
  const actor = { accountId: admin.accountId, role: 'admin' as const, profileId: admin.adminId, username: 'admin', jti: randomUUID() };
  const data: DossierBatchData = { courseId: course.courseId, studentIds: learners.map((l) => l.studentId), filter: { period: null }, actor };
  return { actor, data };
}

/** A course with three learners: two enrolled in March 2026 (one with a beat), one in April. */
async function world() {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId, title: 'Prévention des risques routiers', chapters: [{ title: 'Avant de partir', contentType: 'text', duration: 0, textContent: 'Vérifier les pneus.' }] });
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [course.courseId]);
  const learners = [];
  for (const day of ['2026-03-02T08:00:00Z', '2026-03-20T08:00:00Z', '2026-04-10T08:00:00Z']) {
    const student = await givenStudent(t);
    t.clock.set(new Date(day));
    await givenEnrolled(t, student, course);
    learners.push(student);
  }
  t.clock.set(new Date(T0 + 3_600_000));
  const beat = await call(t, 'POST', '/api/progress/', learners[0].token, { student: learners[0].studentId, course: course.courseId, content_type: 'text', chapter: chapter!.id, session_id: randomUUID(), beats: [{ seq: 1, at: T0, visible: true, focused: true, playing: false, last_input_at: T0 }] });
  expect(beat.statusCode).toBe(201);
  t.clock.release();
  return { teacher, course, learners };
}

const batchEvents = (jobId: string) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = 'DossierGenerated' and payload ->> 'jobId' = $1`, [jobId]);

describe('a batch of dossiers de preuves', () => {
  it('runs on the queue with its progress, one folder per learner, a manifest per folder and one for the batch', async () => {
    const { course, learners } = await world();
    const admin = await givenAdmin(t);
    const asked = await call(t, 'POST', `/api/evidence/courses/${course.courseId}/dossiers/`, admin.token, {});
    expect(asked.statusCode).toBe(202);
    const { job_id: jobId, learners: count } = asked.json();
    expect(count).toBe(3);
    let state: { state: string; progress: { done: number; total: number } | null; dossier: { download_url: string; zip_sha256: string; manifest_sha256: string; student_ids: number[]; scope: string } | null } = { state: '', progress: null, dossier: null };
    await eventually(async () => {
      state = (await call(t, 'GET', `/api/evidence/dossier-batches/${jobId}/`, admin.token)).json();
      expect(state.state).toBe('completed');
    }, 120_000);
    expect(state.progress).toEqual({ done: 4, total: 4 });
    expect((await call(t, 'GET', `/api/admin/jobs/${jobId}/`, admin.token)).json()).toMatchObject({ state: 'completed', progress: { done: 4, total: 4 } });
    expect(state.dossier).toMatchObject({ scope: 'lot', student_ids: learners.map((l) => l.studentId).sort((a, b) => a - b) });

    const download = await call(t, 'GET', state.dossier!.download_url, admin.token);
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(state.dossier!.zip_sha256);
    const entries = await unzip(download.rawPayload);
    const top = entries.get('manifest.json')!;
    expect(sha256(top)).toBe(state.dossier!.manifest_sha256);
    const manifest = JSON.parse(top.toString('utf8'));
    expect(manifest).toMatchObject({ format: 'dossier-de-preuves-lot', course_id: course.courseId, job_id: jobId });
    expect(manifest.learners).toHaveLength(3);
    for (const learner of manifest.learners) {
      const own = entries.get(learner.manifest)!;
      expect(sha256(own)).toBe(learner.manifest_sha256);
      const files = JSON.parse(own.toString('utf8')).files as { path: string; sha256: string }[];
      expect(files.map((f) => f.path.split('/').slice(1).join('/'))).toEqual(expect.arrayContaining(['releve-de-formation.pdf', 'releve-de-formation.xlsx', 'donnees/evenements.json', 'donnees/signaux-de-presence.json']));
      for (const file of files) expect(sha256(entries.get(file.path)!)).toBe(file.sha256);
    }
    const first = manifest.learners.find((l: { student_id: number }) => l.student_id === learners[0].studentId);
    const beats = JSON.parse(entries.get(first.manifest.replace('manifest.json', 'donnees/signaux-de-presence.json'))!.toString('utf8'));
    expect(beats).toHaveLength(1);
    expect(await batchEvents(jobId)).toHaveLength(1);
  }, 180_000);

  it('takes the learners enrolled in a period only', async () => {
    const { course, learners } = await world();
    const admin = await givenAdmin(t);
    const asked = await call(t, 'POST', `/api/evidence/courses/${course.courseId}/dossiers/`, admin.token, { periode: 'inscription', du: '2026-03-01', au: '2026-03-31' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().learners).toBe(2);
    const jobId = asked.json().job_id;
    await eventually(async () => expect((await call(t, 'GET', `/api/evidence/dossier-batches/${jobId}/`, admin.token)).json().dossier).toMatchObject({ student_ids: [learners[0].studentId, learners[1].studentId] }), 120_000);
  }, 180_000);

  it('takes, for an activity period, the learners in training during it: enrolled before its end and active since its start', async () => {
    const { course, learners } = await world();
    const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [course.courseId]);
    // The learner enrolled on 20 March is active again on 15 April: in training during the last week of March.
    const april = Date.parse('2026-04-15T08:00:00Z');
    t.clock.set(new Date(april + 60_000));
    const beat = await call(t, 'POST', '/api/progress/', learners[1].token, { student: learners[1].studentId, course: course.courseId, content_type: 'text', chapter: chapter!.id, session_id: randomUUID(), beats: [{ seq: 1, at: april, visible: true, focused: true, playing: false, last_input_at: april }] });
    expect(beat.statusCode).toBe(201);
    t.clock.release();
    const chosen = async (from: string, to: string) => (await db.query<{ student_id: number }>(BATCH_LEARNERS_SQL, [course.courseId, 'activite', from, to])).map((r) => r.student_id);
    await eventually(async () => expect(await chosen('2026-04-15', '2026-04-15')).toEqual([learners[1].studentId]));
    // Last week of March: the one active since (enrolled 20 March, active 15 April); not the one last active on 2 March, nor the one enrolled in April.
    expect(await chosen('2026-03-25', '2026-03-31')).toEqual([learners[1].studentId]);
    expect(await chosen('2026-03-01', '2026-03-31')).toEqual([learners[0].studentId, learners[1].studentId]);
  });

  it('takes the learners who were in a session of the course only (those who left it too), and refuses a session of another course', async () => {
    const { course, learners } = await world();
    const admin = await givenAdmin(t);
    const session = async (courseId: number) => (await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: courseId, name: 'Session de mars 2026', start_date: '2026-03-02', end_date: '2026-04-30' })).json().id as number;
    const march = await session(course.courseId);
    for (const learner of [learners[0], learners[2]]) expect((await call(t, 'POST', `/api/admin/sessions/${march}/learners/`, admin.token, { student: learner.studentId })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/admin/sessions/${march}/learners/${learners[2].studentId}/`, admin.token)).statusCode).toBe(204);
    const url = `/api/evidence/courses/${course.courseId}/dossiers/`;
    const other = await session((await givenCourse(t)).courseId);
    const elsewhere = await call(t, 'POST', url, admin.token, { session: other });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([400, 'Cette session n’est pas une session de ce cours.']);
    const unknown = await call(t, 'POST', url, admin.token, { session: 1_999_999 });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Session de formation introuvable.']);
    const notAnId = await call(t, 'POST', url, admin.token, { session: 'mars' });
    expect([notAnId.statusCode, notAnId.json().message]).toEqual([400, 'La session doit être un identifiant.']);
    // With a period too: both apply (enrolled in March: learners 0 and 1; in the session: 0 and 2).
    const both = await call(t, 'POST', url, admin.token, { session: march, periode: 'inscription', du: '2026-03-01', au: '2026-03-31' });
    expect([both.statusCode, both.json().learners]).toEqual([202, 1]);
    const asked = await call(t, 'POST', url, admin.token, { session: march });
    expect([asked.statusCode, asked.json().learners]).toEqual([202, 2]);
    const jobId = asked.json().job_id;
    await eventually(async () => expect((await call(t, 'GET', `/api/evidence/dossier-batches/${jobId}/`, admin.token)).json().dossier).toMatchObject({ student_ids: [learners[0].studentId, learners[2].studentId] }), 120_000);
  }, 180_000);

  it('schedules the retention of stored dossiers every night on the queue', async () => {
    expect(await db.query('select name, cron, timezone from jobs.schedule where name = $1', ['evidence.dossier-retention'])).toEqual([{ name: 'evidence.dossier-retention', cron: '30 3 * * *', timezone: 'Europe/Paris' }]);
  });

  it('sweeps the parts of batches no try will take up again, and keeps those under way or touched within the day', async () => {
    const lots = join(t.config.dataDir, 'dossier-lots');
    const folder = async (name: string, ageDays: number) => {
      const path = join(lots, name);
      await mkdir(path, { recursive: true });
      await writeFile(join(path, 'lot.json'), '{}');
      const when = new Date(Date.now() - ageDays * 86_400_000);
      await utimes(path, when, when);
      return path;
    };
    // A job the queue no longer knows, two days old: swept, with the ZIP a killed try had stored and no dossier owns.
    const gone = await folder(randomUUID(), 2);
    const zip = join(gone, 'orphelin.zip');
    await writeFile(zip, 'PK');
    const storage = t.app.get(MediaStorage);
    const orphan = await storage.putFile('dossiers', 'zip', zip);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db.query('insert into evidence.dossier_lot_upload (file_path, job_id, stored_at) values ($1, $2, $3)', [orphan, basename(gone), twoDaysAgo]);
    await utimes(gone, twoDaysAgo, twoDaysAgo);
    expect(await storage.exists(orphan)).toBe(true);
    // A ZIP stored by a try of a batch that ran on another node (its folder on that node's disk), abandoned since.
    const elsewhereZip = join(t.config.dataDir, `ailleurs-${randomUUID()}.zip`);
    await writeFile(elsewhereZip, 'PK');
    const elsewhere = await storage.putFile('dossiers', 'zip', elsewhereZip);
    await db.query('insert into evidence.dossier_lot_upload (file_path, job_id, stored_at) values ($1, $2, $3)', [elsewhere, randomUUID(), twoDaysAgo]);
    const fresh = await folder(randomUUID(), 1 / 24);
    // A job waiting to run (on a queue no worker of this node takes): its parts are kept, however old.
    await t.app.get(Jobs).declare('test.lot-en-attente', 1);
    const waiting = await t.app.get(Jobs).send('test.lot-en-attente', {});
    const pending = await folder(waiting, 2);
    const removed = await t.app.get(DossierRetention).sweepAbandonedLots();
    expect((await t.app.get(Jobs).status(waiting))!.state).toBe('created');
    expect(removed).toEqual([basename(gone)]);
    expect(existsSync(gone)).toBe(false);
    expect(await storage.exists(orphan)).toBe(false);
    expect(await storage.exists(elsewhere)).toBe(false);
    expect(await db.query('select 1 from evidence.dossier_lot_upload where file_path = any($1)', [[orphan, elsewhere]])).toEqual([]);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(pending)).toBe(true);
    await rm(fresh, { recursive: true, force: true });
    await rm(pending, { recursive: true, force: true });
  });

  it('leaves no stored ZIP unowned when a try killed after storing it, on another node, is followed by one here', async () => {
    const { course, learners } = await world();
    const { data } = await adminBatchOf(course, learners);
    const jobId = randomUUID();
    // What the killed try left: its ZIP named in the table, then stored, and no dossier saved. Its
    // work folder was on the other node's disk: nothing of it here.
    const storage = t.app.get(MediaStorage);
    const killed = `/media/dossiers/${randomUUID()}.zip`;
    const source = join(t.config.dataDir, `essai-tue-${jobId}.zip`);
    await writeFile(source, 'PK');
    await db.query('insert into evidence.dossier_lot_upload (file_path, job_id, stored_at) values ($1, $2, now())', [killed, jobId]);
    await storage.putFileAt(killed, source);
    expect(await storage.exists(killed)).toBe(true);
    expect(existsSync(join(t.config.dataDir, 'dossier-lots', jobId))).toBe(false);

    const runner = t.app.get(DossierBatchRunner);
    await runner.run({ id: jobId, data, progress: async () => undefined });
    expect(await storage.exists(killed)).toBe(false);
    const saved = await db.query<{ file_path: string }>('select file_path from evidence.generated_dossier where job_id = $1', [jobId]);
    expect(saved).toHaveLength(1);
    expect(await storage.exists(saved[0].file_path)).toBe(true);
    expect(await db.query('select file_path from evidence.dossier_lot_upload where job_id = $1', [jobId])).toEqual([]);
    // Run once more (a redelivery): nothing stored, nothing saved again.
    await runner.run({ id: jobId, data, progress: async () => undefined });
    expect(await db.query('select file_path from evidence.generated_dossier where job_id = $1', [jobId])).toEqual(saved);
    expect(await db.query('select file_path from evidence.dossier_lot_upload where job_id = $1', [jobId])).toEqual([]);
    expect(await batchEvents(jobId)).toHaveLength(1);
  }, 180_000);

  it('never removes the ZIP of a saved batch when a sweep takes its try for dead while it saves', async () => {
    const { course, learners } = await world();
    const { data } = await adminBatchOf(course, learners);
    const jobId = randomUUID();
    const runner = t.app.get(DossierBatchRunner);
    const storage = t.app.get(MediaStorage);
    const [putFileAt, remove] = [storage.putFileAt.bind(storage), storage.remove.bind(storage)];
    let zip = '';
    let sweep: Promise<void> = Promise.resolve();
    let tryOver!: () => void;
    const over = new Promise<void>((resolve) => (tryOver = resolve));
    // Another node's sweep reads the ZIP's name just after it is stored, and removes the object only
    // once this try has saved or given up: the window between its check and its removal, held open.
    storage.putFileAt = async (path, source) => {
      await putFileAt(path, source);
      zip = path;
      storage.remove = async (removed) => {
        if (removed === zip) await Promise.race([over, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        return remove(removed);
      };
      sweep = runner.removeUnsavedZips(jobId);
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    try {
      await runner.run({ id: jobId, data, progress: async () => undefined });
    } finally {
      tryOver();
      await sweep;
      Object.assign(storage, { putFileAt, remove });
    }
    expect(zip).not.toBe('');
    const saved = await db.query<{ file_path: string }>('select file_path from evidence.generated_dossier where job_id = $1', [jobId]);
    // Either the try saved and its file is there, or it refused to save and its ZIP is gone: never a dossier without its file.
    for (const { file_path: path } of saved) expect(await storage.exists(path)).toBe(true);
    if (saved.length === 0) expect(await storage.exists(zip)).toBe(false);
    expect(await db.query('select 1 from evidence.dossier_lot_upload where job_id = $1', [jobId])).toEqual([]);
  }, 180_000);

  it('is refused to trainers and learners, and a wrong period is refused in French', async () => {
    const { teacher, course, learners } = await world();
    const admin = await givenAdmin(t);
    const url = `/api/evidence/courses/${course.courseId}/dossiers/`;
    expect((await call(t, 'POST', url, teacher.token, {})).statusCode).toBe(403);
    expect((await call(t, 'POST', url, learners[0].token, {})).statusCode).toBe(403);
    const badDay = await call(t, 'POST', url, admin.token, { periode: 'inscription', du: '2026-02-31', au: '2026-03-31' });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().message).toBe("Cette date n'existe pas.");
    const reversed = await call(t, 'POST', url, admin.token, { periode: 'activite', du: '2026-04-01', au: '2026-03-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('La date de début doit précéder la date de fin.');
    const noBasis = await call(t, 'POST', url, admin.token, { du: '2026-04-01' });
    expect(noBasis.statusCode).toBe(400);
    const nobody = await call(t, 'POST', url, admin.token, { periode: 'inscription', du: '2025-01-01', au: '2025-01-31' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('Aucun apprenant ne correspond à ce choix pour ce cours.');
    expect((await call(t, 'GET', `/api/evidence/dossier-batches/${randomUUID()}/`, admin.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/evidence/dossier-batches/${randomUUID()}/`, teacher.token)).statusCode).toBe(403);
  }, 180_000);

  it('finishes once when asked on an instance that stops and run again after (two app instances, one database)', async () => {
    // Last in this file: two apps in one process share passport's strategy, so only services are used from here.
    const { course, learners } = await world();
    const { actor, data } = await adminBatchOf(course, learners);
    const other = await createApp(t.config, t.databaseUrl, { logLevels: ['error'], clock: t.clock });
    const { job_id: jobId } = await other.get(CommandBus).execute(new RequestDossierBatch(actor, course.courseId, { period: null }));
    // The instance that took the request stops at once (its worker may have started the batch: it is cut off or ends).
    await other.close();
    await eventually(async () => expect(await t.app.get(Jobs).status(jobId)).toMatchObject({ state: 'completed' }), 120_000);
    // The job delivered once more (at least once delivery): nothing new is saved.
    const progress: [number, number][] = [];
    await t.app.get(DossierBatchRunner).run({ id: jobId, data, progress: async (done, total) => void progress.push([done, total]) });
    expect(progress).toEqual([[4, 4]]);
    expect(await batchEvents(jobId)).toHaveLength(1);
    expect(await db.query('select id from evidence.generated_dossier where job_id = $1', [jobId])).toHaveLength(1);
    expect((await t.app.get(Jobs).status(jobId))?.name).toBe(DOSSIER_BATCH_JOB);
  }, 240_000);
});
