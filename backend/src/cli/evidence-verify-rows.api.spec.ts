// Issue 27 item 1 (ADR 0040): the rows kept beside the log are bound to it. A learner saves beats,
// commits SCORM data and exchanges a message through the API; `npm run evidence:verify-rows` finds
// every row matching its event, then names the beat, the commit row (its suspend_data) and the
// message text a superuser altered, and a beat row added behind the server's back.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildScormPackage } from '../demo/scorm/build-package.js';
import { Database } from '../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenFollowing, givenStudent, givenTeacher, scormForm } from '../testing/fixtures.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { verifyCommand } from './eventlog-verify.js';
import { verifyRowsCommand } from './evidence-verify-rows.js';
import { output } from './testing/event-log-workload.js';

let t: TestApp;
let db: Database;
let superuser: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  superuser = new pg.Client({ connectionString: t.databaseUrl });
  await superuser.connect();
}, 60_000);

afterAll(async () => {
  await superuser?.end();
  await t?.close();
});

const env = () => ({ DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir });

async function verify(): Promise<{ code: number; log: string; errors: string }> {
  const { lines, out } = output();
  const code = await verifyRowsCommand([], env(), out);
  return { code, log: lines.log.join('\n'), errors: lines.error.join('\n') };
}

/** `npm run eventlog:verify` runs the same row checks after the chains and checkpoints (ADR 0040). */
async function verifyLog(): Promise<{ code: number; log: string; errors: string }> {
  const { lines, out } = output();
  const code = await verifyCommand([], env(), out);
  return { code, log: lines.log.join('\n'), errors: lines.error.join('\n') };
}

describe('npm run evidence:verify-rows', () => {
  it('binds beats, SCORM commit rows and message texts to their events, and names each row altered since', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Lire', contentType: 'text', duration: 0, textContent: 'Texte.' }] });
    const [text] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [course.courseId]);
    const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormForm({ title: 'Module', content_type: 'scorm', duration: 600 }, await buildScormPackage('scorm2004')));
    expect(added.statusCode).toBe(201);
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course);
    await givenFollowing(t, teacher, student);

    const session = randomUUID();
    const now = Date.now();
    const beat = (seq: number) => ({ seq, at: now - (10 - seq) * 1000, visible: true, focused: true, playing: false, last_input_at: now - (10 - seq) * 1000 });
    const save = (beats: unknown[]) => call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: course.courseId, content_type: 'text', chapter: text!.id, session_id: session, beats });
    expect((await save([beat(1), beat(2)])).statusCode).toBe(201);
    // A retried beat (2) is stored once; the second save binds 3 and 4 only.
    expect((await save([beat(2), beat(3), beat(4)])).statusCode).toBe(201);
    expect((await call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: course.courseId, content_type: 'text', chapter: text!.id, validated: true })).statusCode).toBe(201);

    const scormSession = randomUUID();
    const commit = (seq: number, cmi: Record<string, unknown>) =>
      call(t, 'POST', '/api/scorm-progress/', student.token, { student: student.studentId, course: course.courseId, chapter: added.json().id, session_id: scormSession, seq, cmi_data: cmi });
    expect((await commit(1, { completion_status: 'incomplete', location: 'page-2', suspend_data: 'état « 2 » €', session_time: 'PT10.5S', score: { raw: 0.1 } })).statusCode).toBe(201);
    expect((await commit(2, { completion_status: 'incomplete', location: 'page-3', suspend_data: 'état 3', session_time: 'PT20S' })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}/`, student.token, { msg_from: 'student', msg_to: 'Bonjour, où est le module ?' })).statusCode).toBe(201);
    const asked = await call(t, 'POST', '/api/support-requests', student.token, { request_key: randomUUID(), category: 'connexion', message: 'Je suis déconnectée toutes les dix minutes.' });
    expect(asked.statusCode).toBe(201);
    const admin = await givenAdmin(t);
    expect((await call(t, 'POST', `/api/support-requests/${asked.json().id}/answers`, admin.token, { message: 'Videz le cache du navigateur.', answer_key: randomUUID() })).statusCode).toBe(201);

    const times = await db.query<{ schema_version: number; payload: { beatSeqs: number[]; beatsSha256: string } }>(
      `select schema_version, payload from eventlog.event where event_type = 'LearningTimeRecorded' and payload->>'sessionId' = $1 order by position`, [session]);
    expect(times.map((e) => [e.schema_version, e.payload.beatSeqs])).toEqual([[2, [1, 2]], [2, [3, 4]]]);
    expect(times[0].payload.beatsSha256).toMatch(/^[0-9a-f]{64}$/);
    const commits = await db.query<{ schema_version: number; payload: { commitSha256: string } }>(
      `select schema_version, payload from eventlog.event where event_type = 'ScormCommitted' and payload->>'sessionId' = $1 order by position`, [scormSession]);
    expect(commits.map((e) => e.schema_version)).toEqual([3, 3]);

    const intact = await verify();
    expect(intact.errors).toBe('');
    expect(intact.log).toMatch(/4 signal\(s\) de présence, 2 enregistrement\(s\) SCORM et 3 texte\(s\) \(messages, demandes et réponses d’assistance\) recalculés/);
    expect(intact.log).toContain('OK : chaque ligne liée correspond à son événement.');
    expect(intact.code).toBe(0);
    const logIntact = await verifyLog();
    expect(logIntact.errors).toBe('');
    expect(logIntact.log).toContain('OK : toutes les chaînes sont intactes.');
    expect(logIntact.log).toMatch(/OK : 4 signal\(s\) de présence, 2 enregistrement\(s\) SCORM et 3 texte\(s\) \(messages, demandes et réponses d’assistance\) correspondent à leur événement/);
    expect(logIntact.code).toBe(0);

    // A beat's visibility flipped.
    await superuser.query('update progress.beat set visible = false where session_id = $1 and seq = 3', [session]);
    let r = await verify();
    expect(r.code).toBe(1);
    expect(r.errors).toContain(`progress.beat session ${session}, seq 3, 4`);
    expect(r.errors).toContain('signal(s) de présence modifié(s)');
    // The chains are intact (a beat is not an event) but eventlog:verify names the beat too.
    let l = await verifyLog();
    expect(l.code).toBe(1);
    expect(l.log).toContain('OK : toutes les chaînes sont intactes.');
    expect(l.errors).toContain(`LIGNE MODIFIÉE : progress.beat session ${session}, seq 3, 4`);
    await superuser.query('update progress.beat set visible = true where session_id = $1 and seq = 3', [session]);
    expect((await verify()).code).toBe(0);

    // A commit's suspend_data rewritten.
    await superuser.query(`update progress.scorm_commit set cmi = jsonb_set(cmi, '{suspend_data}', '"autre"') where session_id = $1 and seq = 1`, [scormSession]);
    r = await verify();
    expect(r.code).toBe(1);
    expect(r.errors).toMatch(new RegExp(`progress\\.scorm_commit session ${scormSession}, SCO « [^»]+ », seq 1 \\(id \\d+\\) : enregistrement SCORM modifié`));
    l = await verifyLog();
    expect(l.code).toBe(1);
    expect(l.errors).toMatch(new RegExp(`LIGNE MODIFIÉE : progress\\.scorm_commit session ${scormSession}, SCO « [^»]+ », seq 1 \\(id \\d+\\) : enregistrement SCORM modifié`));
    await superuser.query(`update progress.scorm_commit set cmi = jsonb_set(cmi, '{suspend_data}', '"état « 2 » €"') where session_id = $1 and seq = 1`, [scormSession]);
    expect((await verify()).code).toBe(0);
    expect((await verifyLog()).code).toBe(0);

    // A message's text rewritten, and its stored sha256 column with it.
    const [message] = await db.query<{ id: string }>(`select id::text as id from tutoring.message where body = 'Bonjour, où est le module ?'`);
    await superuser.query(`update tutoring.message set body = 'Tout va bien.', sha256 = encode(sha256('Tout va bien.'::bytea), 'hex') where id = $1`, [message!.id]);
    r = await verify();
    expect(r.code).toBe(1);
    expect(r.errors).toContain(`tutoring.message id ${message!.id} : texte du message modifié`);
    await superuser.query(`update tutoring.message set body = 'Bonjour, où est le module ?' where id = $1`, [message!.id]);

    // A support request's text and an answer's, rewritten with their stored hashes (ADR 0037): each named.
    await superuser.query(`update tutoring.support_request set body = 'Rien à signaler.', sha256 = encode(sha256('Rien à signaler.'::bytea), 'hex') where id = $1`, [asked.json().id]);
    await superuser.query(`update tutoring.support_answer set body = 'Réglé.' where request_id = $1`, [asked.json().id]);
    r = await verify();
    expect(r.code).toBe(1);
    expect(r.errors).toContain(`tutoring.support_request id ${asked.json().id} : texte de la demande d’assistance modifié`);
    expect(r.errors).toMatch(/tutoring\.support_answer id \d+ : texte de la réponse d’assistance modifié/);
    await superuser.query(`update tutoring.support_request set body = 'Je suis déconnectée toutes les dix minutes.' where id = $1`, [asked.json().id]);
    await superuser.query(`update tutoring.support_answer set body = 'Videz le cache du navigateur.' where request_id = $1`, [asked.json().id]);
    expect((await verify()).code).toBe(0);

    // A beat added behind the server's back: no event binds it.
    await superuser.query(
      `insert into progress.beat (session_id, seq, student_id, course_id, kind, step_id, at, visible, focused, playing, last_input_at, received_at)
       select session_id, 99, student_id, course_id, kind, step_id, at, visible, focused, playing, last_input_at, received_at from progress.beat where session_id = $1 and seq = 4`, [session]);
    r = await verify();
    expect(r.code).toBe(1);
    expect(r.errors).toContain(`${session} seq 99`);
    expect(r.errors).toContain('sans événement qui les lie');
    await superuser.query('delete from progress.beat where session_id = $1 and seq = 99', [session]);
    expect((await verify()).code).toBe(0);
  }, 180_000);
});
