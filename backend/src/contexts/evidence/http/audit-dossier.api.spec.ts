// Auditors and dossiers de preuves (issue 27 item 4, docs/adr/0039 « Dossiers »), through the real API
// and PostgreSQL: an auditor generates the dossier of a learner of their scope (closed account
// included) and downloads it through a signed link that only they may ask for and use; the
// generation and the download are AuditorAccessed events and nothing else changes; outside the scope,
// after the end date, another auditor's or an admin's dossier: refused, in French.
import { createHash, randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAdmin, type GivenStudent } from '../../../testing/fixtures.js';
import { unzip } from '../../../testing/zip.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { givenAuditor as givenAuditorBy, type AuditorScope } from '../../identity/testing.js';

let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => t.clock.release());

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const OUT_OF_SCOPE = "Ce cours n'est pas dans le périmètre de votre mission d'audit.";
const lastPosition = async () => (await db.one<{ p: string }>('select coalesce(max(position), 0)::text as p from eventlog.event'))!.p;
/**
 * The events the test's own requests caused since `position`. Policies still reacting to the world's
 * setup (the course's trainer following the learner, the player's xAPI statements) append in the
 * background, later on a busy machine: an event a policy wrote counts only when it follows from a
 * request made in the window (same correlation id).
 */
async function eventsSince(position: string) {
  const rows = await db.query<{ event_type: string; stream_type: string; stream_id: string; payload: Record<string, unknown>; metadata: { correlationId: string | null; causationId: string | null } }>(
    'select event_type, stream_type, stream_id, payload, metadata from eventlog.event where position > $1 order by position',
    [position],
  );
  const requests = new Set(rows.filter((row) => !row.metadata.causationId).map((row) => row.metadata.correlationId));
  return rows.filter((row) => !row.metadata.causationId || requests.has(row.metadata.correlationId)).map(({ metadata: _, ...event }) => event);
}

async function world() {
  const teacher = await givenTeacher(t);
  const inScope = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Le triangle du feu', contentType: 'text', duration: 0, textContent: 'Combustible, comburant, énergie.' }] });
  const outOfScope = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Les extincteurs', contentType: 'text', duration: 0, textContent: 'Eau, CO2, poudre.' }] });
  const learner = await givenStudent(t);
  const other = await givenStudent(t);
  await givenEnrolled(t, learner, inScope);
  await givenEnrolled(t, other, outOfScope);
  await beat(learner, inScope.courseId);
  return { teacher, inScope, outOfScope, learner, other };
}

async function beat(student: GivenStudent, courseId: number) {
  const chapter = (await db.one<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [courseId]))!.id;
  const at = Date.now();
  const response = await call(t, 'POST', '/api/progress/', student.token, {
    student: student.studentId, course: courseId, content_type: 'text', chapter, session_id: randomUUID(),
    beats: [{ seq: 1, at, visible: true, focused: true, playing: false, last_input_at: at }],
  });
  expect(response.statusCode).toBe(201);
}

/** An auditor of this scope invited by this file's admin, activated and signed in (identity/testing.ts). */
const givenAuditor = (scope: AuditorScope, endsOn = '2099-12-31') => givenAuditorBy(t, admin, scope, endsOn);

const dossierPath = (studentId: number, courseId: number) => `/api/audit/students/${studentId}/courses/${courseId}/dossier/`;

describe("an auditor's dossiers de preuves", () => {
  it('generates a closed learner’s dossier of the scope and downloads it by a signed link: two accesses recorded, nothing else changed', async () => {
    const { inScope, learner } = await world();
    const auditor = await givenAuditor({ all_courses: false, course_ids: [inScope.courseId] });
    expect((await call(t, 'DELETE', `/api/admin/students/${learner.studentId}/`, admin.token)).json()).toMatchObject({ mode: 'close' });

    const before = await lastPosition();
    const generated = await call(t, 'POST', dossierPath(learner.studentId, inScope.courseId), auditor.token);
    expect(generated.statusCode).toBe(201);
    const dossier = generated.json();
    expect(dossier).toMatchObject({ scope: 'apprenant', student_id: learner.studentId, course_id: inScope.courseId, available: true });
    // The access recorded in the auditor's stream, then the dossier itself, named as the auditor's: nothing of the learner's changed.
    const written = await eventsSince(before);
    expect(written.map((e) => [e.event_type, e.stream_type])).toEqual([['AuditorAccessed', 'identity.account'], ['DossierGenerated', 'evidence.dossier']]);
    expect(written[0]!.stream_id).toBe(String(auditor.accountId));
    expect(written[0]!.payload).toEqual({ accountId: auditor.accountId, auditorId: auditor.auditorId, what: 'dossier', courseId: inScope.courseId, studentId: learner.studentId, documentId: null });
    expect(written[1]!.payload).toMatchObject({ dossierId: dossier.id, generatedByRole: 'auditor', generatedByProfileId: auditor.auditorId, studentIds: [learner.studentId] });
    expect(await db.one('select generated_by_role, generated_by from evidence.generated_dossier where id = $1', [dossier.id])).toEqual({ generated_by_role: 'auditor', generated_by: auditor.auditorId });

    // The signed link: asking records nothing; the download is an access and a DossierDownloaded.
    const asked = await call(t, 'POST', dossier.download_link_url, auditor.token);
    expect(asked.statusCode).toBe(201);
    const afterLink = await lastPosition();
    expect(await eventsSince(before)).toHaveLength(2);
    const whole = await t.app.inject({ method: 'GET', url: asked.json().url });
    expect(whole.statusCode).toBe(200);
    expect(sha256(whole.rawPayload)).toBe(dossier.zip_sha256);
    const files = await unzip(whole.rawPayload);
    expect(JSON.parse(files.get('manifest.json')!.toString('utf8')).generated_by).toEqual({ role: 'auditor', profileId: auditor.auditorId });
    // The learner's streams only: no auditor's account stream (their scope, end date and every learner they read).
    const events = [...files.entries()].find(([path]) => path.endsWith('donnees/evenements.json'))![1];
    const streamTypes = new Set((JSON.parse(events.toString('utf8')) as { streamType: string }[]).map((e) => e.streamType));
    expect(streamTypes.size).toBeGreaterThan(0);
    expect([...streamTypes].filter((type) => type.startsWith('identity.'))).toEqual([]);
    const downloaded = await eventsSince(afterLink);
    expect(downloaded.map((e) => e.event_type)).toEqual(['AuditorAccessed', 'DossierDownloaded']);
    expect(downloaded[0]!.payload).toMatchObject({ what: 'dossier', courseId: inScope.courseId, studentId: learner.studentId });
    expect(downloaded[1]!.payload).toMatchObject({ dossierId: dossier.id, byRole: 'auditor', byProfileId: auditor.auditorId });
    // A resumption records nothing new.
    const resumed = await t.app.inject({ method: 'GET', url: asked.json().url, headers: { range: 'bytes=100-', 'if-range': whole.headers.etag as string } });
    expect(resumed.statusCode).toBe(206);
    expect(await eventsSince(afterLink)).toHaveLength(2);
    // The admin's access log shows both.
    const log = await call(t, 'GET', `/api/admin/auditors/${auditor.auditorId}/accesses`, admin.token);
    expect(log.statusCode).toBe(200);
    expect((log.json() as { what: string }[]).filter((a) => a.what === 'dossier')).toHaveLength(2);
  });

  it('refuses outside the scope, after the end date, other people’s dossiers and other roles, changing nothing', async () => {
    const { inScope, outOfScope, learner, other, teacher } = await world();
    const auditor = await givenAuditor({ all_courses: false, course_ids: [inScope.courseId] });
    const colleague = await givenAuditor({ all_courses: true, course_ids: [] });

    // Outside the scope: French 403, no dossier, nothing recorded.
    let before = await lastPosition();
    const refused = await call(t, 'POST', dossierPath(other.studentId, outOfScope.courseId), auditor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(OUT_OF_SCOPE);
    expect(await eventsSince(before)).toEqual([]);

    // Other roles get 403 on the auditor's route; an auditor gets 403 on the admins' and trainers' route.
    for (const token of [admin.token, teacher.token, learner.token]) {
      expect((await call(t, 'POST', dossierPath(learner.studentId, inScope.courseId), token)).statusCode).toBe(403);
    }
    expect((await call(t, 'POST', `/api/evidence/students/${learner.studentId}/courses/${inScope.courseId}/dossier/`, auditor.token)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/evidence/courses/${inScope.courseId}/dossiers/`, auditor.token, {})).statusCode).toBe(403);

    const mine = (await call(t, 'POST', dossierPath(learner.studentId, inScope.courseId), auditor.token)).json();
    const admins = (await call(t, 'POST', `/api/evidence/students/${learner.studentId}/courses/${inScope.courseId}/dossier/`, admin.token)).json();
    // Another auditor (whole centre) learns nothing of mine; I learn nothing of the admin's.
    expect((await call(t, 'POST', mine.download_link_url, colleague.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', mine.download_url, colleague.token)).statusCode).toBe(404);
    expect((await call(t, 'POST', admins.download_link_url, auditor.token)).statusCode).toBe(404);
    // A link given to me does not open another dossier (it is bound to this one).
    const link = (await call(t, 'POST', mine.download_link_url, auditor.token)).json().url as string;
    expect((await t.app.inject({ method: 'GET', url: link.replace(`/dossiers/${mine.id}/`, `/dossiers/${admins.id}/`) })).statusCode).toBe(403);

    // The course leaves the scope: the link given before is refused at download, in French.
    expect((await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, admin.token, { ends_on: '2099-03-31', all_courses: false, course_ids: [outOfScope.courseId] })).statusCode).toBe(200);
    before = await lastPosition();
    const leftScope = await t.app.inject({ method: 'GET', url: link });
    expect(leftScope.statusCode).toBe(403);
    expect(leftScope.json().message).toBe(OUT_OF_SCOPE);
    expect(await eventsSince(before)).toEqual([]);

    // Back in scope, then past the end date (the centre's day, server clock): generation and download refused.
    expect((await call(t, 'PUT', `/api/admin/auditors/${auditor.auditorId}`, admin.token, { ends_on: '2099-03-31', all_courses: true, course_ids: [] })).statusCode).toBe(200);
    t.clock.set(new Date('2099-03-31T22:30:00Z'));
    before = await lastPosition();
    const expired = "Votre accès d'auditeur a expiré le 31/03/2099.";
    for (const response of [
      await call(t, 'POST', dossierPath(learner.studentId, inScope.courseId), auditor.token),
      await call(t, 'POST', mine.download_link_url, auditor.token),
      await call(t, 'GET', mine.download_url, auditor.token),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(expired);
    }
    expect(await eventsSince(before)).toEqual([]);
    expect((await db.one<{ n: number }>('select count(*)::int as n from evidence.generated_dossier where generated_by_role = $1 and generated_by = $2', ['auditor', auditor.auditorId]))!.n).toBe(1);
  });
});
