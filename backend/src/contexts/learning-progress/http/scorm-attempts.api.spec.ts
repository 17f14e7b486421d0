// Attempts of a whole SCORM package (issue 23, item 3): a 2004 exitAll ends the learner's attempt;
// the next opening starts afresh (no resume), the previous attempt's commits stay in the trace, and
// the server — not the client — numbers the attempts: a session stays in the attempt of its first
// commit, a late commit of an ended attempt never becomes the new attempt's state.
import { randomUUID } from 'node:crypto';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';
import { Database } from '../../../platform/database/database.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher, scormForm } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

describe('the attempts of a SCORM package', () => {
  it('ends on exitAll: the next opening starts afresh, the ended attempt stays in the trace, and the server numbers the attempts', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormForm({ title: 'Module', content_type: 'scorm', duration: 600 }, await buildScormPackage('scorm2004')));
    expect(added.statusCode).toBe(201);
    const chapter = added.json().id as number;
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course);
    const url = `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`;
    const commit = (session: string, seq: number, cmi: Record<string, unknown>, final = false) =>
      call(t, 'POST', '/api/scorm-progress/', student.token, { student: student.studentId, course: course.courseId, chapter, session_id: session, seq, cmi_data: cmi, final });
    const resumed = async () => ((await call(t, 'GET', url, student.token)).json() as { entry: string; scos: { cmi: Record<string, unknown> }[] });

    const first = randomUUID();
    expect((await commit(first, 1, { completion_status: 'incomplete', location: 'p1', suspend_data: 'premier', session_time: 'PT10S' })).json()).toMatchObject({ outcome: 'applied' });
    expect((await resumed()).scos.map((s) => s.cmi.location)).toEqual(['p1']);
    // A nav_request without `final` ends nothing.
    expect((await commit(first, 2, { completion_status: 'incomplete', location: 'p2', nav_request: 'exitAll', session_time: 'PT20S' })).json()).toMatchObject({ outcome: 'applied' });
    expect((await resumed()).scos.map((s) => s.cmi.location)).toEqual(['p2']);
    // The package's exitAll, with the SCO's last commit: the attempt ends.
    expect((await commit(first, 3, { completion_status: 'incomplete', location: 'p3', exit: 'suspend', nav_request: 'exitAll', session_time: 'PT30S' }, true)).json()).toMatchObject({ outcome: 'applied', validated: false });
    expect(await resumed()).toEqual({ entry: 'ab-initio', scos: [] });
    // A late commit of the ended attempt's session stays in that attempt: the next opening still starts afresh.
    expect((await commit(first, 4, { completion_status: 'incomplete', location: 'p4', session_time: 'PT40S' }, true)).json()).toMatchObject({ outcome: 'applied' });
    expect(await resumed()).toEqual({ entry: 'ab-initio', scos: [] });

    // The next opening: a new session, the second attempt, its own data and time only.
    const second = randomUUID();
    expect((await commit(second, 1, { completion_status: 'incomplete', location: 'q1', session_time: 'PT5S' })).json()).toMatchObject({ outcome: 'applied' });
    const state = await resumed();
    expect([state.entry, state.scos.map((s) => [s.cmi.location, s.cmi.suspend_data])]).toEqual(['resume', [['q1', undefined]]]);
    expect((await call(t, 'GET', url, student.token)).json().scos[0].total_time).toBe(5);
    // A replayed exitAll of the first session does not end the second attempt.
    expect((await commit(first, 5, { completion_status: 'incomplete', location: 'p5', nav_request: 'exitAll' }, true)).json()).toMatchObject({ outcome: 'applied' });
    expect((await resumed()).scos.map((s) => s.cmi.location)).toEqual(['q1']);

    // Every commit kept, filed under the attempt the server gave its session; one attempt ended, one event.
    const trace = await db.query<{ session_id: string; seq: number; attempt: number }>(
      'select session_id::text as session_id, seq, attempt from progress.scorm_commit where chapter_id = $1 order by id',
      [chapter],
    );
    expect(trace.map((row) => [row.session_id === first ? 'first' : 'second', row.seq, row.attempt])).toEqual([
      ['first', 1, 1], ['first', 2, 1], ['first', 3, 1], ['first', 4, 1], ['second', 1, 2], ['first', 5, 1],
    ]);
    const ended = await db.query<{ payload: Record<string, unknown> }>(
      "select payload from eventlog.event where event_type = 'ScormAttemptEnded' and payload->>'chapterId' = $1",
      [String(chapter)],
    );
    expect(ended.map((e) => [e.payload.attempt, e.payload.sessionId])).toEqual([[1, first]]);

    // The second attempt completes: the chapter validates on its own data.
    expect((await commit(second, 2, { completion_status: 'completed', success_status: 'passed', location: 'q2' }, true)).json()).toMatchObject({ outcome: 'applied', validated: true });
  });
});
