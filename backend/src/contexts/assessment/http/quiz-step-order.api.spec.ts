// Issue 22, item 2: a quiz that is a course step is taken only when its step is open. Every call
// that starts, answers or starts over such a quiz asks learning-progress (GetQuizStepAccess) and
// refuses a locked step with the player's own warning, recording nothing; a quiz a course offers
// on its own is unaffected; and a completion that reaches a locked step never validates it.
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { ValidateQuizStep } from '../../learning-progress/testing.js';
import { AddQuestion, AssignQuiz, CreateQuiz } from '../testing.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

const CHAPTER_LOCKED = "Terminez les étapes précédentes avant d'accéder à ce chapitre.";
const SUBCHAPTER_LOCKED = 'Vous devez terminer les étapes précédentes.';

/**
 * A course of four steps: chapter 1 (text) and its sub-chapter 1.1 (text), chapter 2 (text), then
 * the final quiz as chapter 3; a second quiz offered by the course on its own; a sub-chapter quiz
 * in a second course. The student has validated the first two steps only.
 */
async function world() {
  const teacher = await givenTeacher(t);
  const commands = t.app.get(CommandBus);
  const quiz = async (title: string) => {
    const id: number = await commands.execute(new CreateQuiz(teacher.actor, teacher.teacherId, title, ''));
    await commands.execute(new AddQuestion(teacher.actor, id, { questions: 'Deux et deux ?', answers: ['3', '4', '5', '22'], rightAnswer: '4' }));
    return id;
  };
  const [finalQuiz, standalone, subQuiz] = [await quiz('Quiz final'), await quiz('Quiz libre'), await quiz('Quiz de sous-chapitre')];
  const course = await givenCourse(t, {
    teacherId: teacher.teacherId,
    chapters: [
      { title: 'Lire', contentType: 'text', duration: 0, textContent: 'Bienvenue', subchapters: [{ title: 'Lire encore', contentType: 'text', duration: 0, textContent: 'Suite' }] },
      { title: 'Relire', contentType: 'text', duration: 0, textContent: 'Encore' },
      { title: 'Vérifier', contentType: 'quiz', duration: 0, quizId: finalQuiz },
    ],
  });
  const other = await givenCourse(t, {
    teacherId: teacher.teacherId,
    chapters: [{ title: 'Ouvrir', contentType: 'text', duration: 0, textContent: 'Début', subchapters: [{ title: 'Tester', contentType: 'quiz', duration: 0, quizId: subQuiz }] }],
  });
  await commands.execute(new AssignQuiz(teacher.actor, standalone, course.courseId));
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  await givenEnrolled(t, student, other);
  const chapters = (await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position', [course.courseId])).map((c) => c.id) as [number, number, number];
  const [sub] = await db.query<{ id: number }>('select id from catalogue.subchapter where chapter_id = $1', [chapters[0]]);
  const [otherChapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1', [other.courseId]);
  const [otherSub] = await db.query<{ id: number }>('select id from catalogue.subchapter where chapter_id = $1', [otherChapter!.id]);
  const validate = async (courseId: number, place: Record<string, number>) => {
    for (const validated of [false, true]) {
      const answer = await call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: courseId, content_type: 'text', ...place, validated });
      expect(answer.statusCode).toBe(201);
    }
  };
  await validate(course.courseId, { chapter: chapters[0] });
  await validate(course.courseId, { chapter: chapters[0], subchapter: sub!.id });
  const question = async (quizId: number) => (await db.one<{ id: number }>('select id from assessment.question where quiz_id = $1', [quizId]))!.id;
  return {
    student, course, other, chapters, finalQuiz, standalone, subQuiz, validate, otherChapter: otherChapter!.id, otherSub: otherSub!.id,
    questions: { final: await question(finalQuiz), standalone: await question(standalone), sub: await question(subQuiz) },
  };
}

const routes = (student: GivenStudent, quizId: number, questionId: number, place: Record<string, number>) => ({
  status: () => call(t, 'GET', `/api/fetch-quiz-attempt-status/${quizId}/${student.studentId}`, student.token),
  first: () => call(t, 'GET', `/api/quiz-questions/${quizId}/1`, student.token),
  next: () => call(t, 'GET', `/api/quiz-questions/${quizId}/next-question/${questionId}`, student.token),
  answer: (text = '4') => call(t, 'POST', '/api/attempt-quiz/', student.token, { student: student.studentId, quiz: quizId, question: questionId, right_ans: text, ...place }),
  reset: () => call(t, 'DELETE', `/api/reset-quiz-attempts/${quizId}/${student.studentId}`, student.token),
});

const recorded = async (studentId: number, quizId: number) => ({
  rows: await db.query('select 1 from assessment.student_quiz where student_id = $1 and quiz_id = $2', [studentId, quizId]),
  events: await db.query(
    `select 1 from eventlog.event where stream_type = 'assessment.student-quiz' and (payload->>'studentId')::int = $1 and (payload->>'quizId')::int = $2`,
    [studentId, quizId],
  ),
});

describe('a quiz that is a course step', () => {
  it('cannot be started, answered or started over while its step is locked (French warning, nothing recorded), and can once the earlier steps are done', async () => {
    const w = await world();
    const final = routes(w.student, w.finalQuiz, w.questions.final, { course: w.course.courseId, chapter: w.chapters[2] });

    expect((await final.status()).json()).toEqual({ bool: false });
    for (const refused of [await final.first(), await final.next(), await final.answer(), await final.reset()]) {
      expect([refused.statusCode, refused.json().message]).toEqual([403, CHAPTER_LOCKED]);
    }
    // Claiming another place changes nothing: the server reads the step order, not the request.
    const elsewhere = await call(t, 'POST', '/api/attempt-quiz/', w.student.token, { student: w.student.studentId, quiz: w.finalQuiz, question: w.questions.final, right_ans: '4' });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([403, CHAPTER_LOCKED]);
    expect(await recorded(w.student.studentId, w.finalQuiz)).toEqual({ rows: [], events: [] });

    // Chapter 2 done: the final quiz's step opens, and every call answers.
    await w.validate(w.course.courseId, { chapter: w.chapters[1] });
    expect((await final.status()).json()).toEqual({ bool: true });
    expect((await final.first()).statusCode).toBe(200);
    expect((await final.next()).statusCode).toBe(200);
    expect((await final.answer()).json()).toEqual({ bool: true, answered: 1, total: 1 });
    await eventually(async () => {
      const records = (await call(t, 'GET', `/api/progress/?student=${w.student.studentId}&course=${w.course.courseId}`, w.student.token)).json();
      expect(records.find((r: { chapter: number }) => r.chapter === w.chapters[2])).toMatchObject({ validated: true, rule: 'quiz-completed' });
    });
    expect((await final.reset()).json()).toEqual({ bool: true });
  });

  it('refuses a locked sub-chapter quiz with the sub-chapter warning', async () => {
    const w = await world();
    const sub = routes(w.student, w.subQuiz, w.questions.sub, { course: w.other.courseId, chapter: w.otherChapter, subchapter: w.otherSub });
    expect((await sub.status()).json()).toEqual({ bool: false });
    for (const refused of [await sub.first(), await sub.answer(), await sub.reset()]) {
      expect([refused.statusCode, refused.json().message]).toEqual([403, SUBCHAPTER_LOCKED]);
    }
    expect(await recorded(w.student.studentId, w.subQuiz)).toEqual({ rows: [], events: [] });
    await w.validate(w.other.courseId, { chapter: w.otherChapter });
    expect((await sub.answer()).statusCode).toBe(201);
  });

  it('leaves a quiz the course offers on its own (not a step) free to take', async () => {
    const w = await world();
    const free = routes(w.student, w.standalone, w.questions.standalone, { course: w.course.courseId });
    expect((await free.status()).json()).toEqual({ bool: true });
    expect((await free.first()).statusCode).toBe(200);
    expect((await free.answer()).json()).toEqual({ bool: true, answered: 1, total: 1 });
    expect((await free.reset()).json()).toEqual({ bool: true });
  });

  it('never validates a locked step from a completion that reaches it (the quiz-step policy\'s command)', async () => {
    const w = await world();
    const validated = await t.app.get(CommandBus).execute(
      new ValidateQuizStep(w.student.studentId, w.course.courseId, { kind: 'chapter', id: w.chapters[2] }, { quizId: w.finalQuiz, score: 1, total: 1, attempt: 1 }),
    );
    expect(validated).toBe(false);
    expect(
      await db.query(`select 1 from eventlog.event where event_type = 'ChapterValidated' and (payload->>'studentId')::int = $1 and (payload->>'stepId')::int = $2`, [
        w.student.studentId, w.chapters[2],
      ]),
    ).toEqual([]);
  });
});
