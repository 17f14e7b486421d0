// Issue 26's last points (docs/adr/0036): signed download links a browser resumes by itself, a batch cut
// off mid-run that resumes from the learners already written, a learner whose data cannot be read left
// out of the batch with a French reason instead of failing it, and a trainer refused a batch download.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { DOWNLOAD_LINK_MESSAGES } from '../../../platform/storage/download-link.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { unzip } from '../../../testing/zip.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { DossierBatchRunner, DOSSIER_BATCH_JOB, type DossierBatchData } from '../application/dossier/dossier-batch.js';
import { BATCH_DOWNLOAD_REFUSED } from '../application/dossier/download-dossier.command.js';
import { GetTranscript } from '../application/get-transcript.query.js';

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
const events = (dossierId: number) =>
  db.query<{ event_type: string; payload: Record<string, unknown> }>(`select event_type, payload from eventlog.event where stream_type = 'evidence.dossier' and stream_id = $1 order by stream_version`, [String(dossierId)]);
const generatedFor = (jobId: string) => db.query(`select 1 from eventlog.event where event_type = 'DossierGenerated' and payload ->> 'jobId' = $1`, [jobId]);

async function world(learnerCount: number) {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId, title: 'Gestes et postures', chapters: [{ title: 'Lever une charge', contentType: 'text', duration: 0, textContent: 'Dos droit.' }] });
  const learners = [];
  for (let i = 0; i < learnerCount; i++) {
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course);
    learners.push(student);
  }
  const admin = await givenAdmin(t);
  const actor = { accountId: admin.accountId, role: 'admin' as const, profileId: admin.adminId, username: 'admin', jti: randomUUID() };
  return { teacher, course, learners, admin, actor };
}

describe('a signed download link', () => {
  it('lets the browser download and resume a dossier without the session token, recorded once per download', async () => {
    const { course, learners, admin } = await world(1);
    const dossier = (await call(t, 'POST', `/api/evidence/students/${learners[0].studentId}/courses/${course.courseId}/dossier/`, admin.token)).json();
    expect(dossier.download_link_url).toBe(`/api/evidence/dossiers/${dossier.id}/download-link/`);
    const asked = await call(t, 'POST', dossier.download_link_url, admin.token);
    expect(asked.statusCode).toBe(201);
    const { url, expires_at: expiresAt } = asked.json();
    expect(url).toMatch(new RegExp(`^/api/evidence/dossiers/${dossier.id}/file/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(5 * 60_000);
    // Asking for a link records nothing.
    expect((await events(dossier.id)).map((e) => e.event_type)).toEqual(['DossierGenerated']);

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="dossier-de-preuves-cours-/);
    expect(whole.headers['referrer-policy']).toBe('no-referrer');
    expect(sha256(whole.rawPayload)).toBe(dossier.zip_sha256);
    expect((await unzip(whole.rawPayload)).has('manifest.json')).toBe(true);
    expect((await events(dossier.id)).map((e) => e.event_type)).toEqual(['DossierGenerated', 'DossierDownloaded']);
    expect((await events(dossier.id))[1]!.payload).toMatchObject({ byRole: 'admin', byProfileId: admin.adminId });

    // The browser resumes with the same link: a range past the start is no new download.
    const resumed = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-', 'if-range': whole.headers.etag as string } });
    expect(resumed.statusCode).toBe(206);
    expect(Buffer.concat([whole.rawPayload.subarray(0, 100), resumed.rawPayload]).equals(whole.rawPayload)).toBe(true);
    expect((await events(dossier.id)).map((e) => e.event_type)).toEqual(['DossierGenerated', 'DossierDownloaded']);
    // A part asked without If-Range (curl -r 1-: all but the ZIP's first byte) is a download of its own: recorded.
    const unvalidated = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1-' } });
    expect(unvalidated.statusCode).toBe(206);
    expect((await events(dossier.id)).map((e) => e.event_type)).toEqual(['DossierGenerated', 'DossierDownloaded', 'DossierDownloaded']);
  });

  it('refuses a forged, tampered, misplaced or expired link in French (403, 410), and records nothing', async () => {
    const { course, learners, admin } = await world(1);
    const dossier = (await call(t, 'POST', `/api/evidence/students/${learners[0].studentId}/courses/${course.courseId}/dossier/`, admin.token)).json();
    const other = (await call(t, 'POST', `/api/evidence/students/${learners[0].studentId}/courses/${course.courseId}/dossier/`, admin.token)).json();
    const { url } = (await call(t, 'POST', dossier.download_link_url, admin.token)).json();
    const token = url.split('/').pop() as string;
    const [body, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
    const longer = Buffer.from(JSON.stringify([...claims.slice(0, 5), claims[5] + 3600])).toString('base64url');
    const refusals = [
      `/api/evidence/dossiers/${dossier.id}/file/${longer}.${mac}`,
      `/api/evidence/dossiers/${dossier.id}/file/${body}.${mac!.slice(0, -2)}AA`,
      `/api/evidence/dossiers/${dossier.id}/file/nimportequoi`,
      `/api/evidence/dossiers/${other.id}/file/${token}`,
      `/api/evidence/dossiers/${dossier.id}/file/${'a'.repeat(400)}.b`,
    ];
    for (const refused of refusals) {
      const answer = await t.app.inject({ method: 'GET', url: refused });
      expect([refused, answer.statusCode, answer.json().message]).toEqual([refused, 403, DOWNLOAD_LINK_MESSAGES.invalid]);
    }
    t.clock.set(new Date(Date.now() + 11 * 60_000));
    const expired = await t.app.inject({ method: 'GET', url });
    expect([expired.statusCode, expired.json().message]).toEqual([410, DOWNLOAD_LINK_MESSAGES.expired]);
    t.clock.release();
    expect((await events(dossier.id)).map((e) => e.event_type)).toEqual(['DossierGenerated']);
    expect((await events(other.id)).map((e) => e.event_type)).toEqual(['DossierGenerated']);
  });

  it('checks the rights again at download: a learner, another trainer are refused a link; a link outlives no closed account', async () => {
    const { teacher, course, learners, admin } = await world(1);
    const stranger = await givenTeacher(t);
    const dossier = (await call(t, 'POST', `/api/evidence/students/${learners[0].studentId}/courses/${course.courseId}/dossier/`, teacher.token)).json();
    expect((await call(t, 'POST', dossier.download_link_url, learners[0].token)).statusCode).toBe(403);
    expect((await call(t, 'POST', dossier.download_link_url, stranger.token)).statusCode).toBe(404);
    expect((await call(t, 'POST', dossier.download_link_url)).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/evidence/dossiers/999999/download-link/', admin.token)).statusCode).toBe(404);
    const { url } = (await call(t, 'POST', dossier.download_link_url, teacher.token)).json();
    // The learner's account is closed after the link was given: the trainer no longer reads it (ADR 0015).
    expect((await call(t, 'DELETE', `/api/admin/students/${learners[0].studentId}/`, admin.token)).json()).toMatchObject({ mode: 'close' });
    const refused = await t.app.inject({ method: 'GET', url });
    expect([refused.statusCode, refused.json().message]).toEqual([404, 'Dossier de preuves introuvable.']);
    expect((await events(dossier.id)).map((e) => e.event_type)).toEqual(['DossierGenerated']);
  });
});

describe('a batch of dossiers', () => {
  it('cut off after two learners resumes from them: the others only are generated, every learner once', async () => {
    const { course, learners, actor } = await world(4);
    const runner = t.app.get(DossierBatchRunner);
    const jobId = randomUUID();
    const data: DossierBatchData = { courseId: course.courseId, studentIds: learners.map((l) => l.studentId), filter: { period: null }, actor };
    const transcripts: number[] = [];
    const queries = t.app.get(QueryBus);
    // The real bus, watched: which learners' transcripts are read (the first step of writing a learner's part).
    const execute = queries.execute;
    const watched = (query: unknown) => {
      if (query instanceof GetTranscript) transcripts.push(query.studentId);
      return (execute as (q: unknown) => Promise<unknown>).call(queries, query);
    };
    queries.execute = watched as typeof queries.execute;
    try {
      // The first try dies after its second learner (as a killed process would: nothing after it runs).
      const cut = new Error('arrêt brutal');
      await expect(runner.run({ id: jobId, data, progress: async (done) => { if (done === 2) throw cut; } })).rejects.toBe(cut);
      expect(transcripts).toEqual(learners.slice(0, 2).map((l) => l.studentId));
      expect(await generatedFor(jobId)).toHaveLength(0);
      expect(existsSync(`${runner.workDirOf(jobId)}/a${learners[0].studentId}/part.json`)).toBe(true);

      // The queue delivers it again (another instance after a restart): learners 1–2 are taken up as written.
      transcripts.length = 0;
      const progress: number[] = [];
      const output = await runner.run({ id: jobId, data, progress: async (done) => void progress.push(done) });
      expect(transcripts).toEqual(learners.slice(2).map((l) => l.studentId));
      expect(output).toEqual({ skipped: [] });
      expect(progress.at(-1)).toBe(5);
      expect(await generatedFor(jobId)).toHaveLength(1);
      expect(existsSync(runner.workDirOf(jobId))).toBe(false);
    } finally {
      queries.execute = execute;
    }

    const [row] = await db.query<{ id: number; student_ids: number[] }>('select id, student_ids from evidence.generated_dossier where job_id = $1', [jobId]);
    expect(row!.student_ids).toEqual(learners.map((l) => l.studentId));
    const admin = await givenAdmin(t);
    const zip = await call(t, 'GET', `/api/evidence/dossiers/${row!.id}/file/`, admin.token);
    const entries = await unzip(zip.rawPayload);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest.learners.map((l: { student_id: number }) => l.student_id)).toEqual(learners.map((l) => l.studentId));
    const names = [...entries.keys()];
    expect(new Set(names).size).toBe(names.length);
    for (const learner of manifest.learners) {
      const own = entries.get(learner.manifest)!;
      expect(sha256(own)).toBe(learner.manifest_sha256);
      // One generation time for the batch: the first try's, kept for the parts it wrote and the rest.
      expect(JSON.parse(own.toString('utf8')).generated_at).toBe(manifest.generated_at);
      for (const file of JSON.parse(own.toString('utf8')).files as { path: string; sha256: string }[]) expect(sha256(entries.get(file.path)!)).toBe(file.sha256);
    }
  }, 240_000);

  it('leaves out a learner whose data cannot be read, with a French reason in its result, manifest and ignores.json', async () => {
    const { course, learners, admin, actor, teacher } = await world(2);
    const purged = 987_654_321;
    const data: DossierBatchData = { courseId: course.courseId, studentIds: [learners[0].studentId, purged, learners[1].studentId], filter: { period: null }, actor };
    const jobId = await t.app.get(Jobs).send(DOSSIER_BATCH_JOB, data);
    let state: { state: string; skipped: { student_id: number; reason: string }[]; dossier: { id: number; student_ids: number[]; download_url: string; download_link_url: string } | null } = { state: '', skipped: [], dossier: null };
    await eventually(async () => {
      state = (await call(t, 'GET', `/api/evidence/dossier-batches/${jobId}/`, admin.token)).json();
      expect(state.state).toBe('completed');
    }, 120_000);
    expect(state.dossier!.student_ids).toEqual([learners[0].studentId, learners[1].studentId]);
    expect(state.skipped).toHaveLength(1);
    expect(state.skipped[0]!.student_id).toBe(purged);
    expect(state.skipped[0]!.reason).toMatch(/[a-zé]/);
    expect(state.skipped[0]!.reason).not.toMatch(/Error|undefined/);

    const entries = await unzip((await call(t, 'GET', state.dossier!.download_url, admin.token)).rawPayload);
    expect(JSON.parse(entries.get('ignores.json')!.toString('utf8'))).toEqual(state.skipped);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest.ignores).toEqual(state.skipped);
    expect(manifest.ignores_sha256).toBe(sha256(entries.get('ignores.json')!));

    // A trainer of the course is refused the batch (403 in French), by the bearer path and for a link; nothing recorded.
    const before = (await events(state.dossier!.id)).length;
    const bearer = await call(t, 'GET', state.dossier!.download_url, teacher.token);
    expect([bearer.statusCode, bearer.json().message]).toEqual([403, BATCH_DOWNLOAD_REFUSED]);
    const link = await call(t, 'POST', state.dossier!.download_link_url, teacher.token);
    expect([link.statusCode, link.json().message]).toEqual([403, BATCH_DOWNLOAD_REFUSED]);
    expect((await events(state.dossier!.id)).length).toBe(before);
    // The admin's link serves the batch.
    const { url } = (await call(t, 'POST', state.dossier!.download_link_url, admin.token)).json();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await events(state.dossier!.id)).length).toBe(before + 1);
  }, 240_000);
});
