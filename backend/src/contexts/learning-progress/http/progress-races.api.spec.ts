// Harmless races answer their outcome (docs/adr/0022): the same SCORM commit sent many times at once
// is applied once and acknowledged as a duplicate otherwise; a fresh student's opening save and first
// commit both pass; ten tabs saving at once all pass with an intact event stream; a commit whose
// suspend_data is too long keeps its other fields. Real HTTP requests, fired together, on real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';
import { Database } from '../../../platform/database/database.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
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

/** A course whose only chapter is the project's SCORM 2004 package, and a text chapter after it; a student enrolled. */
async function world() {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  const data = new FormData();
  for (const [name, value] of Object.entries({ title: 'Module', content_type: 'scorm', duration: '600' })) data.append(name, value);
  data.append('scorm_file', new Blob([new Uint8Array(await buildScormPackage('scorm2004'))], { type: 'application/zip' }), 'module.zip');
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, data);
  expect(added.statusCode).toBe(201);
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  return { course, student, chapter: added.json().id as number };
}

/** The stream of the student's progress in the course: versions 1…n without a gap, each event chained to the one before. */
async function streamOf(studentId: number, courseId: number) {
  const [row] = await db.query<{ id: number; version: number }>('select id, version from progress.course_progress where student_id = $1 and course_id = $2', [studentId, courseId]);
  const events = await db.query<{ stream_version: number; prev_hash: string | null; hash: string; event_type: string }>(
    `select stream_version, prev_hash, hash, event_type from eventlog.event where stream_type = 'learning-progress.course-progress' and stream_id = $1 order by stream_version`,
    [String(row!.id)],
  );
  expect(events.map((e) => e.stream_version)).toEqual(events.map((_, i) => i + 1));
  events.forEach((event, i) => expect(event.prev_hash).toBe(i === 0 ? null : events[i - 1]!.hash));
  expect(row!.version).toBe(events.length);
  return events;
}

describe('concurrent progress writes', () => {
  it('answers 20 identical SCORM commits sent at once with one applied and 19 duplicates, storing it once', async () => {
    const { course, student, chapter } = await world();
    // An earlier visit: the course progress exists, the plan is known; the race is on the commit only.
    const earlier = { student: student.studentId, course: course.courseId, chapter, session_id: randomUUID(), seq: 1, cmi_data: { completion_status: 'incomplete' } };
    expect((await call(t, 'POST', '/api/scorm-progress/', student.token, earlier)).statusCode).toBe(201);
    const body = {
      student: student.studentId, course: course.courseId, chapter, session_id: randomUUID(), seq: 1,
      cmi_data: { completion_status: 'incomplete', location: 'page-3', suspend_data: 'etat', session_time: 'PT20S' },
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(t, 'POST', '/api/scorm-progress/', student.token, body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const outcomes = answers.map((a) => a.json().outcome as string).sort();
    expect(outcomes).toEqual(['applied', ...Array(19).fill('duplicate')]);
    expect(await db.query('select seq, outcome from progress.scorm_commit where session_id = $1', [body.session_id])).toEqual([{ seq: 1, outcome: 'applied' }]);
    const events = await streamOf(student.studentId, course.courseId);
    expect(events.filter((e) => e.event_type === 'ScormCommitted')).toHaveLength(2);
  });

  it('lets a fresh student\'s opening save and first commit race: both pass, one course progress', async () => {
    for (let round = 0; round < 3; round++) {
      const { course, student, chapter } = await world();
      const [opened, committed] = await Promise.all([
        call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: course.courseId, content_type: 'scorm', chapter }),
        call(t, 'POST', '/api/scorm-progress/', student.token, {
          student: student.studentId, course: course.courseId, chapter, session_id: randomUUID(), seq: 1, cmi_data: { completion_status: 'incomplete', location: 'debut' },
        }),
      ]);
      expect([opened.statusCode, committed.statusCode, committed.json().outcome]).toEqual([201, 201, 'applied']);
      expect(await db.query('select 1 from progress.course_progress where student_id = $1', [student.studentId])).toHaveLength(1);
      const events = await streamOf(student.studentId, course.courseId);
      expect(events.filter((e) => e.event_type === 'StepOpened')).toHaveLength(1);
    }
  });

  it('takes 10 saves from 10 tabs at once: 10 × 2xx, every tab\'s beats kept, the stream intact', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Lire', contentType: 'text', duration: 0, textContent: 'Un texte' }] });
    const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1', [course.courseId]);
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course);
    const now = Date.now();
    const tabs = Array.from({ length: 10 }, () => randomUUID());
    const answers = await Promise.all(
      tabs.map((session) =>
        call(t, 'POST', '/api/progress/', student.token, {
          student: student.studentId, course: course.courseId, content_type: 'text', chapter: chapter!.id, session_id: session,
          beats: [{ seq: 1, at: now, visible: true, focused: true, playing: false, last_input_at: now }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const kept = await db.query<{ session_id: string }>('select distinct session_id from progress.beat where student_id = $1', [student.studentId]);
    expect(kept.map((b) => b.session_id).sort()).toEqual([...tabs].sort());
    const events = await streamOf(student.studentId, course.courseId);
    expect(events.filter((e) => e.event_type === 'StepOpened')).toHaveLength(1);
  });

  it('keeps every other field of a commit whose suspend_data is too long, reports the refusal and keeps the stored suspend_data', async () => {
    const { course, student, chapter } = await world();
    const session = randomUUID();
    const commit = (seq: number, cmi: Record<string, unknown>) =>
      call(t, 'POST', '/api/scorm-progress/', student.token, { student: student.studentId, course: course.courseId, chapter, session_id: session, seq, cmi_data: cmi });
    expect((await commit(1, { completion_status: 'incomplete', location: 'page-1', suspend_data: 'avant' })).json().outcome).toBe('applied');

    const tooLong = await commit(2, { completion_status: 'completed', success_status: 'passed', score: 0.8, location: 'page-9', suspend_data: 'x'.repeat(64_001), session_time: 'PT40S' });
    expect([tooLong.statusCode, tooLong.json()]).toEqual([
      201,
      { bool: true, outcome: 'applied', validated: true, refused: { suspend_data: 'suspend_data ne doit pas dépasser 64000 caractères.' } },
    ]);
    const state = (await call(t, 'GET', `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`, student.token)).json();
    expect(state.scos[0]).toMatchObject({
      total_time: 40,
      cmi: { completion_status: 'completed', success_status: 'passed', score: 0.8, location: 'page-9', suspend_data: 'avant', session_time: 'PT40S' },
    });
    const [trace] = await db.query<{ cmi: Record<string, unknown> }>('select cmi from progress.scorm_commit where session_id = $1 and seq = 2', [session]);
    expect(trace!.cmi).toEqual({ completion_status: 'completed', success_status: 'passed', score: 0.8, location: 'page-9', session_time: 'PT40S' });
  });
});
