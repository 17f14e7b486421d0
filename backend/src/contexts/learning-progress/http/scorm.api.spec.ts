// The SCORM runtime's data over HTTP: a commit is acknowledged once stored, a duplicate changes
// nothing, a stale one never overwrites a newer state, suspend_data round-trips whole, session
// times add up, the chapter validates when the package reports completed or passed, and only the
// student writes (in order) while the course's trainer and admins read.
import { randomUUID } from 'node:crypto';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, scormForm } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { CHAPTER_LOCKED } from '../domain/course-progress.aggregate.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

/** A course whose chapters are the project's own SCORM package (and, when asked, a text chapter first); a student enrolled. */
async function world(kind: 'scorm2004' | 'scorm12', textFirst = false) {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, {
    teacherId: teacher.teacherId,
    chapters: textFirst ? [{ title: 'Avant', contentType: 'text', duration: 0, textContent: 'À lire d’abord' }] : [],
  });
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormForm({ title: 'Module', content_type: 'scorm', duration: 600 }, await buildScormPackage(kind)));
  expect(added.statusCode).toBe(201);
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  return { teacher, course, student, chapter: added.json().id as number };
}

describe('the SCORM runtime data', () => {
  it('stores commits in order: duplicates acknowledged without writing, stale ones kept aside, suspend_data whole, the chapter validated on completion', async () => {
    const { teacher, course, student, chapter } = await world('scorm2004');
    const url = `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`;
    expect((await call(t, 'GET', url, student.token)).json()).toEqual({ entry: 'ab-initio', scos: [] });
    const session = randomUUID();
    const suspend = `${'x'.repeat(63_990)}é€fin`.slice(0, 64_000);
    const commit = (seq: number, cmi: Record<string, unknown>) =>
      call(t, 'POST', '/api/scorm-progress/', student.token, { student: student.studentId, course: course.courseId, chapter, session_id: session, seq, cmi_data: cmi });

    const first = await commit(1, { completion_status: 'incomplete', location: 'page-2', suspend_data: suspend, session_time: 'PT10S' });
    expect([first.statusCode, first.json()]).toEqual([201, { bool: true, outcome: 'applied', validated: false }]);
    expect((await commit(1, { completion_status: 'incomplete', location: 'page-2', suspend_data: suspend, session_time: 'PT10S' })).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await commit(3, { completion_status: 'incomplete', location: 'page-4', suspend_data: 'p4', session_time: 'PT30S' })).json()).toMatchObject({ outcome: 'applied' });
    expect((await commit(2, { completion_status: 'incomplete', location: 'page-3', suspend_data: 'p3', session_time: 'PT20S' })).json()).toMatchObject({ outcome: 'stale' });
    const resumed = (await call(t, 'GET', url, student.token)).json();
    expect(resumed).toEqual({ entry: 'resume', scos: [expect.objectContaining({ version: '2004', total_time: 30, cmi: expect.objectContaining({ location: 'page-4', suspend_data: 'p4' }) })] });
    const trace = await db.query<{ seq: number; outcome: string }>('select seq, outcome from progress.scorm_commit where student_id = $1 order by id', [student.studentId]);
    expect(trace).toEqual([{ seq: 1, outcome: 'applied' }, { seq: 3, outcome: 'applied' }, { seq: 2, outcome: 'stale' }]);
    const [stored] = await db.query<{ suspend: string }>(`select cmi->>'suspend_data' as suspend from progress.scorm_commit where student_id = $1 and seq = 1`, [student.studentId]);
    expect(stored!.suspend).toBe(suspend);

    // A new session (a reload) adds its time; completing validates the chapter.
    const next = randomUUID();
    const done = await call(t, 'POST', '/api/scorm-progress/', student.token, {
      student: student.studentId, course: course.courseId, chapter, session_id: next, seq: 1,
      cmi_data: { completion_status: 'completed', success_status: 'passed', score: 0.9, location: 'fin', suspend_data: 'fin', session_time: 'PT45S' },
    });
    expect(done.json()).toEqual({ bool: true, outcome: 'applied', validated: true });
    expect((await call(t, 'GET', url, teacher.token)).json().scos[0].total_time).toBe(75);
    const [validated] = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from eventlog.event where event_type = 'ChapterValidated' and (payload->>'studentId')::int = $1`,
      [student.studentId],
    );
    expect(validated!.payload).toMatchObject({ kind: 'chapter', stepId: chapter, rule: 'scorm-completed', figures: { scos: 1 } });
    const committed = await db.query(`select 1 from eventlog.event where event_type = 'ScormCommitted' and (payload->>'studentId')::int = $1`, [student.studentId]);
    expect(committed).toHaveLength(3);
    const records = (await call(t, 'GET', `/api/progress/?student=${student.studentId}&course=${course.courseId}`, student.token)).json();
    expect(records).toEqual([expect.objectContaining({ chapter, content_type: 'scorm', validated: true, rule: 'scorm-completed' })]);
  });

  it('validates a SCORM 1.2 package on lesson_status passed, with more than 4,096 characters of suspend_data', async () => {
    const { course, student, chapter } = await world('scorm12');
    const post = (cmi: Record<string, unknown>) =>
      call(t, 'POST', '/api/scorm-progress/', student.token, { student: student.studentId, course: course.courseId, chapter, cmi_data: cmi });
    expect((await post({ lesson_status: 'incomplete', suspend_data: 'a'.repeat(10_000), session_time: '0000:01:00.00' })).json()).toMatchObject({ outcome: 'applied', validated: false });
    expect((await post({ lesson_status: 'passed', suspend_data: 'b'.repeat(10_000), session_time: '0000:02:00.00' })).json()).toMatchObject({ outcome: 'applied', validated: true });
    const state = (await call(t, 'GET', `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`, student.token)).json();
    // Without a session id, the client's commits share one session: its time is not added twice.
    expect(state.scos[0]).toMatchObject({ version: '1.2', total_time: 120, cmi: expect.objectContaining({ suspend_data: 'b'.repeat(10_000) }) });
    // Over the limit, suspend_data is refused and the rest of the commit kept (progress-races.api.spec.ts).
    const tooLong = await post({ lesson_status: 'passed', suspend_data: 'c'.repeat(64_001) });
    expect([tooLong.statusCode, tooLong.json().refused]).toEqual([201, { suspend_data: 'suspend_data ne doit pas dépasser 64000 caractères.' }]);
  });

  it('refuses a locked module, other students and trainers as writers; lets the course\'s trainer and admins read', async () => {
    const { teacher, course, student, chapter } = await world('scorm2004', true);
    const body = { student: student.studentId, course: course.courseId, chapter, cmi_data: { completion_status: 'completed' } };
    const locked = await call(t, 'POST', '/api/scorm-progress/', student.token, body);
    expect([locked.statusCode, locked.json().message]).toEqual([403, CHAPTER_LOCKED]);
    // The commit went with the refused transaction: neither in the trace nor in the SCO's state.
    expect(await db.query('select 1 from progress.scorm_commit where student_id = $1 union all select 1 from progress.scorm_state where student_id = $1', [student.studentId])).toEqual([]);
    const [other, stranger, admin] = await Promise.all([givenStudent(t), givenTeacher(t), givenAdmin(t)]);
    for (const token of [other.token, teacher.token]) expect((await call(t, 'POST', '/api/scorm-progress/', token, body)).statusCode).toBe(403);
    const notObject = await call(t, 'POST', '/api/scorm-progress/', student.token, { ...body, cmi_data: 'texte' });
    expect([notObject.statusCode, notObject.json().message]).toEqual([400, 'cmi_data doit être un objet.']);
    expect(await db.query('select 1 from progress.scorm_commit where chapter_id = $1', [chapter])).toEqual([]);

    // Once the text chapter is validated, the module opens.
    const [text] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 and content_type = $2', [course.courseId, 'text']);
    for (const validated of [false, true]) {
      await call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: course.courseId, content_type: 'text', chapter: text!.id, validated });
    }
    expect((await call(t, 'POST', '/api/scorm-progress/', student.token, body)).json()).toMatchObject({ outcome: 'applied', validated: true });
    const url = `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`;
    for (const reader of [student, teacher, admin]) expect((await call(t, 'GET', url, reader.token)).json().entry).toBe('resume');
    for (const intruder of [other, stranger]) expect((await call(t, 'GET', url, intruder.token)).statusCode).toBe(403);
  });
});
