// Progress over HTTP: the server decides validation from evidence (never from the client's
// claim), refuses locked steps, counts time from beats once, completes a course only when every
// step is validated, validates a quiz step on assessment's QuizCompleted, and lets only the
// student, the course's trainer and admins read the records.
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { AddQuestion, CreateQuiz } from '../../assessment/testing.js';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { output } from '../../../cli/testing/event-log-workload.js';
import { rebuildCommand } from '../../../cli/projections-rebuild.js';
import { CHAPTER_LOCKED, COURSE_NOT_DONE, SUBCHAPTER_LOCKED } from '../domain/course-progress.aggregate.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

// A test that lets the server's clock run gives it back to the real time.
afterEach(() => t.clock.release());


/** A course of a text chapter with a text sub-chapter, an external-video chapter (100 s) and a quiz chapter; a student enrolled in it. */
async function world() {
  const teacher = await givenTeacher(t);
  const commands = t.app.get(CommandBus);
  const quizId = await commands.execute(new CreateQuiz(teacher.actor, teacher.teacherId, 'Quiz du cours', ''));
  await commands.execute(new AddQuestion(teacher.actor, quizId, { questions: 'Deux et deux ?', answers: ['3', '4', '5', '22'], rightAnswer: '4' }));
  const course = await givenCourse(t, {
    teacherId: teacher.teacherId,
    chapters: [
      { title: 'Lire', contentType: 'text', duration: 0, textContent: 'Bienvenue', subchapters: [{ title: 'Lire encore', contentType: 'text', duration: 0, textContent: 'Suite' }] },
      { title: 'Regarder', contentType: 'video_url', duration: 100, videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { title: 'Vérifier', contentType: 'quiz', duration: 0, quizId },
    ],
  });
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  const outline = (await db.query<{ id: number; position: number }>('select id, position from catalogue.chapter where course_id = $1 order by position', [course.courseId])).map(
    (c) => c.id,
  );
  const [sub] = await db.query<{ id: number }>('select id from catalogue.subchapter where chapter_id = $1', [outline[0]]);
  return { teacher, course, student, quizId, chapters: outline as [number, number, number], subchapter: sub!.id };
}

const progress = (student: GivenStudent, courseId: number, body: Record<string, unknown>, token = student.token) =>
  call(t, 'POST', '/api/progress/', token, { student: student.studentId, course: courseId, ...body });

describe('POST /progress/', () => {
  it('opens a text step, then accepts its finish button; a finish on the first visit is not enough', async () => {
    const { course, student, chapters } = await world();
    const first = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], validated: true });
    expect([first.statusCode, first.json()]).toEqual([201, expect.objectContaining({ validated: false, chapter: chapters[0], subchapter: null, reason: 'Ouvrez cette étape avant de la terminer.' })]);
    const second = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], validated: true });
    expect(second.json()).toMatchObject({ validated: true, rule: 'text-finish-after-open', reason: null });
    const [event] = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from eventlog.event where event_type = 'ChapterValidated' and (payload->>'studentId')::int = $1`,
      [student.studentId],
    );
    expect(event!.payload).toEqual({ studentId: student.studentId, courseId: course.courseId, kind: 'chapter', stepId: chapters[0], rule: 'text-finish-after-open', figures: {} });
  });

  it('refuses a step whose earlier steps are not validated, with the spec\'s warnings, recording nothing', async () => {
    const { course, student, chapters, subchapter } = await world();
    const now = Date.now();
    const beats = [{ seq: 1, at: now, visible: true, focused: true, playing: true, last_input_at: now }];
    const chapter = await progress(student, course.courseId, { content_type: 'video_url', chapter: chapters[1], played: [[0, 100]], session_id: randomUUID(), beats });
    expect([chapter.statusCode, chapter.json().message]).toEqual([403, CHAPTER_LOCKED]);
    // Its beats went with the refused transaction: no evidence of a step the student could not open.
    expect(await db.query('select 1 from progress.beat where student_id = $1 union all select 1 from progress.session_time where student_id = $1', [student.studentId])).toEqual([]);
    const sub = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], subchapter });
    expect([sub.statusCode, sub.json().message]).toEqual([403, SUBCHAPTER_LOCKED]);
    expect(await db.query('select 1 from progress.course_progress where student_id = $1', [student.studentId])).toEqual([]);
    // Validating the chapter opens its sub-chapter, not yet the next chapter.
    await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0] });
    await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], validated: true });
    expect((await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], subchapter })).statusCode).toBe(201);
    expect((await progress(student, course.courseId, { content_type: 'video_url', chapter: chapters[1] })).statusCode).toBe(403);
    const wrong = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[1], subchapter });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, "Ce sous-chapitre n'appartient pas à ce chapitre."]);
  });

  it('takes the spec\'s body: the unused one of chapter and subchapter sent as null, the other absent fields null (issue 22)', async () => {
    const { course, student, chapters, subchapter } = await world();
    const nulls = { time_spent: null, duration: null, validated: null, session_id: null, beats: null, played: null };
    const chapter = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], subchapter: null, ...nulls });
    expect([chapter.statusCode, chapter.json()]).toEqual([201, expect.objectContaining({ chapter: chapters[0], subchapter: null, validated: false })]);
    expect((await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], subchapter: null, validated: true })).json()).toMatchObject({ validated: true });
    // A sub-chapter with its chapter null: the server knows its chapter.
    const sub = await progress(student, course.courseId, { content_type: 'text', chapter: null, subchapter, ...nulls });
    expect([sub.statusCode, sub.json()]).toEqual([201, expect.objectContaining({ chapter: null, subchapter, validated: false })]);
    expect((await progress(student, course.courseId, { content_type: 'text', chapter: null, subchapter, validated: true })).json()).toMatchObject({ validated: true, subchapter });
    const steps = (await call(t, 'GET', `/api/progress/?student=${student.studentId}&course=${course.courseId}`, student.token)).json();
    expect(steps.filter((step: { validated: boolean }) => step.validated)).toHaveLength(2);
    // Neither: the chapter is required.
    const neither = await progress(student, course.courseId, { content_type: 'text', chapter: null, subchapter: null });
    expect([neither.statusCode, neither.json().message]).toEqual([400, 'Le chapitre est obligatoire.']);
  });

  it('validates a video on 90 % of unique seconds played, not on a seek to the end nor on the client\'s claim', async () => {
    const { course, student, chapters, subchapter } = await world();
    for (const body of [{ chapter: chapters[0] }, { chapter: chapters[0], validated: true }, { chapter: chapters[0], subchapter }, { chapter: chapters[0], subchapter, validated: true }]) {
      await progress(student, course.courseId, { content_type: 'text', ...body });
    }
    const seek = await progress(student, course.courseId, { content_type: 'video_url', chapter: chapters[1], played: [[0, 3], [97, 100]], validated: true });
    expect(seek.json()).toMatchObject({ validated: false, reason: 'Regardez plus de 120 secondes de la vidéo avant de la terminer.' });
    // A minute of the server's time since the step opened: its seconds may be credited (video-bound.api.spec.ts).
    t.clock.advance(60_000);
    const watched = await progress(student, course.courseId, { content_type: 'video_url', chapter: chapters[1], played: [[2, 60], [55, 92]] });
    expect(watched.json()).toMatchObject({ validated: true, rule: 'video-played-90-percent' });
    const records = (await call(t, 'GET', `/api/progress/?student=${student.studentId}&course=${course.courseId}`, student.token)).json();
    expect(records.find((r: { chapter: number }) => r.chapter === chapters[1])).toMatchObject({ content_type: 'video_url', validated: true, duration: 95 });
    const mismatch = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[1] });
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, 'Le type de contenu ne correspond pas à cette étape.']);
  });

  it('counts time from beats, a retried save once, bounded by the server\'s own clock', async () => {
    const { course, student, chapters } = await world();
    const session = randomUUID();
    const start = Date.now() - 10 * 60_000;
    const beats = [0, 30, 60, 90].map((s, i) => ({ seq: i + 1, at: start + s * 1000, visible: true, focused: true, playing: false, last_input_at: start + s * 1000 }));
    const saved = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], session_id: session, beats });
    // 90 s of beats, but the server has known the session for a moment only: at most one gap (60 s) counts.
    expect(saved.json()).toMatchObject({ time_spent: 60, connected_time: 60 });
    const retried = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], session_id: session, beats });
    expect(retried.json()).toMatchObject({ time_spent: 60 });
    const events = await db.query(`select 1 from eventlog.event where event_type = 'LearningTimeRecorded' and (payload->>'studentId')::int = $1`, [student.studentId]);
    expect(events).toHaveLength(1);
    const bad = await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], session_id: session, beats: [{ seq: 0, at: 'hier' }] });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Battement invalide (seq, at, visible, focused, playing, last_input_at).']);
  });

  it('answers saves from more learners at once than the database pool holds: every statement runs in its own transaction', async () => {
    const { course, chapters } = await world();
    const students = await Promise.all(Array.from({ length: 14 }, () => givenStudent(t)));
    for (const s of students) await givenEnrolled(t, s, course);
    const at = Date.now();
    const saves = await Promise.all(
      students.map((s) =>
        progress(s, course.courseId, {
          content_type: 'text', chapter: chapters[0], session_id: randomUUID(),
          beats: [{ seq: 1, at, visible: true, focused: true, playing: false, last_input_at: at }],
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(students.map(() => 201));
    const [beats] = await db.query<{ n: number }>('select count(*)::int as n from progress.beat where course_id = $1', [course.courseId]);
    expect(beats!.n).toBe(14);
  }, 30_000);

  it('validates the quiz step when the quiz taken from it is completed (assessment\'s event), then completes the course once', async () => {
    const { course, student, chapters, subchapter, quizId } = await world();
    for (const body of [{ chapter: chapters[0] }, { chapter: chapters[0], validated: true }, { chapter: chapters[0], subchapter }, { chapter: chapters[0], subchapter, validated: true }]) {
      await progress(student, course.courseId, { content_type: 'text', ...body });
    }
    await progress(student, course.courseId, { content_type: 'video_url', chapter: chapters[1] });
    t.clock.advance(100_000);
    expect((await progress(student, course.courseId, { content_type: 'video_url', chapter: chapters[1], played: [[0, 100]] })).json()).toMatchObject({ validated: true });
    const early = await call(t, 'POST', '/api/complete-course/', student.token, { student: student.studentId, course: course.courseId });
    expect([early.statusCode, early.json().message]).toEqual([409, COURSE_NOT_DONE]);

    expect((await progress(student, course.courseId, { content_type: 'quiz', chapter: chapters[2], validated: true })).json()).toMatchObject({ validated: false });
    const [question] = await db.query<{ id: number }>('select id from assessment.question where quiz_id = $1', [quizId]);
    const answered = await call(t, 'POST', '/api/attempt-quiz/', student.token, {
      student: student.studentId, quiz: quizId, question: question!.id, right_ans: '3', course: course.courseId, chapter: chapters[2],
    });
    expect(answered.statusCode).toBe(201);
    await eventually(async () => {
      const records = (await call(t, 'GET', `/api/progress/?student=${student.studentId}&course=${course.courseId}`, student.token)).json();
      expect(records.find((r: { chapter: number }) => r.chapter === chapters[2])).toMatchObject({ validated: true, rule: 'quiz-completed' });
    });
    for (let i = 0; i < 2; i++) {
      expect((await call(t, 'POST', '/api/complete-course/', student.token, { student: student.studentId, course: course.courseId })).json()).toEqual({ bool: true });
    }
    expect(await db.query(`select 1 from eventlog.event where event_type = 'CourseCompleted' and (payload->>'studentId')::int = $1`, [student.studentId])).toHaveLength(1);
    await eventually(async () => {
      expect((await call(t, 'GET', `/api/student/dashboard/${student.studentId}/`, student.token)).json()).toEqual({
        is_active: true, enrolled_courses: 1, courses_completed: 1, complete_assignments: 0, pending_assignments: 0,
      });
    });
  });

  it('lets only the student write, in a course they follow; the course\'s trainer and admins read', async () => {
    const { teacher, course, student, chapters } = await world();
    const [other, stranger, admin] = await Promise.all([givenStudent(t), givenTeacher(t), givenAdmin(t)]);
    expect((await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0] }, other.token)).statusCode).toBe(403);
    const notEnrolled = await progress(other, course.courseId, { content_type: 'text', chapter: chapters[0] });
    expect([notEnrolled.statusCode, notEnrolled.json().message]).toEqual([403, "Vous n'êtes pas inscrit à ce cours."]);
    expect((await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0] }, teacher.token)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/complete-course/', other.token, { student: student.studentId, course: course.courseId })).statusCode).toBe(403);
    await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0] });
    const url = `/api/progress/?student=${student.studentId}&course=${course.courseId}`;
    for (const reader of [student, teacher, admin]) expect((await call(t, 'GET', url, reader.token)).json()).toHaveLength(1);
    for (const intruder of [other, stranger]) expect((await call(t, 'GET', url, intruder.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', url, undefined)).statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/progress/?student=abc&course=${course.courseId}`, admin.token)).statusCode).toBe(400);
  });
});

describe('GET /student-courses/{id}/ and the progress projections', () => {
  it('lists the student\'s courses with their progress, active time and trainer; others refused', async () => {
    const { teacher, course, student, chapters, subchapter } = await world();
    const session = randomUUID();
    const at = Date.now() - 5_000;
    await progress(student, course.courseId, {
      content_type: 'text', chapter: chapters[0], session_id: session,
      beats: [{ seq: 1, at, visible: true, focused: true, playing: false, last_input_at: at }, { seq: 2, at: at + 4_000, visible: true, focused: true, playing: false, last_input_at: at + 4_000 }],
    });
    await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], validated: true });
    await progress(student, course.courseId, { content_type: 'text', chapter: chapters[0], subchapter });
    await eventually(async () => {
      const list = (await call(t, 'GET', `/api/student-courses/${student.studentId}/`, student.token)).json();
      // One step validated out of four (two chapters with no sub-chapter, one with one).
      expect(list).toEqual([expect.objectContaining({ id: course.courseId, title: course.title, progress: 25, time_spent: 4, connected_time: 4, completed_at: null })]);
      expect(list[0].formateurs).toEqual([{ id: teacher.teacherId, prenom: 'Formateur', nom: expect.any(String) }]);
    });
    const other = await givenStudent(t);
    expect((await call(t, 'GET', `/api/student-courses/${student.studentId}/`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/student-courses/${student.studentId}/`, teacher.token)).statusCode).toBe(403);
  });

  // Last: the rebuild command boots its own application in this process (see projections-rebuild.api.spec.ts).
  it('rebuilds the learning-progress projections from the log into exactly the live rows', async () => {
    const { lines, out } = output();
    const env = { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir };
    for (const name of ['learning-progress.student-course', 'learning-progress.student', 'learning-progress.quiz-completion', 'learning-progress.student-dashboard']) {
      expect(await rebuildCommand([name, '--check'], env, out)).toBe(0);
    }
    expect(lines.log.filter((l) => l.includes('identique à la relecture'))).toHaveLength(4);
    expect(lines.error).toEqual([]);
  });
});
