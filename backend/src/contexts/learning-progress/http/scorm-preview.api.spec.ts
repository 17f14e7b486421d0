// The preview saves nothing (issue 23, item 3): the trainer's and the admin's preview runs the
// package in browse mode and sends no commit, and the server refuses one anyway. A commit for a
// SCORM chapter by the course's trainer or by an admin — as themselves, or in the name of an
// enrolled student — answers 403 and stores nothing: neither in the trace, nor in a SCO's state,
// nor an event.
import { randomUUID } from 'node:crypto';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, scormForm } from '../../../testing/fixtures.js';
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

describe('a commit from the preview', () => {
  it('is refused (403) for the course’s trainer and an admin, in their own name or a student’s, and nothing is stored', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormForm({ title: 'Module', content_type: 'scorm', duration: 600 }, await buildScormPackage('scorm12')));
    expect(added.statusCode).toBe(201);
    const chapter = added.json().id as number;
    const [student, admin] = await Promise.all([givenStudent(t), givenAdmin(t)]);
    await givenEnrolled(t, student, course);
    const cmi = { lesson_status: 'passed', score_raw: 100, location: 'fin', session_time: '0000:00:10.00' };
    for (const { token, as } of [
      { token: teacher.token, as: teacher.teacherId },
      { token: teacher.token, as: student.studentId },
      { token: admin.token, as: admin.adminId },
      { token: admin.token, as: student.studentId },
    ]) {
      const answer = await call(t, 'POST', '/api/scorm-progress/', token, {
        student: as, course: course.courseId, chapter, session_id: randomUUID(), seq: 1, cmi_data: cmi, final: true,
      });
      expect(answer.statusCode).toBe(403);
      expect(typeof answer.json().message).toBe('string');
    }
    expect(await db.query('select 1 from progress.scorm_commit where chapter_id = $1 union all select 1 from progress.scorm_state where chapter_id = $1', [chapter])).toEqual([]);
    // No event of the learner's progress either: no step opened, no commit, no validation.
    expect(await db.query("select event_type from eventlog.event where event_type in ('StepOpened', 'ScormCommitted', 'ChapterValidated') and (payload->>'chapterId' = $1 or payload->>'stepId' = $1)", [String(chapter)])).toEqual([]);
    // The student's own run starts from nothing.
    const url = `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter}`;
    expect((await call(t, 'GET', url, student.token)).json()).toEqual({ entry: 'ab-initio', scos: [] });
  });
});
