// ADR 0022 applied to a trainer settling a learner out of attempts (ADR 0043): the grant of one more
// attempt and the validation by hand, sent twice (a double click, a retry after a lost answer, two
// requests at once), answer their first outcome: 201 each time and one event, never the French
// refusal meant for a learner who has attempts left. Once the learner used the granted attempt, a
// new grant is a new grant.
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

const QUESTIONS = [
  { questions: 'Capitale de la France ?', ans1: 'Paris', ans2: 'Lyon', ans3: 'Nice', ans4: 'Lille', right_ans: 'Paris' },
  { questions: '2 + 2 ?', ans1: '3', ans2: '4', ans3: '5', ans4: '22', right_ans: '4' },
];
const WRONG = ['Lyon', '3'];

/** A trainer's quiz (pass mark 100 %, one attempt) in a course's chapter; an enrolled learner who failed it: out of attempts. */
async function outOfAttempts() {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  const quiz = (await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Évaluation finale', detail: '', pass_mark: 100, max_attempts: 1 })).json();
  const questions: { id: number }[] = [];
  for (const q of QUESTIONS) questions.push((await call(t, 'POST', `/api/quiz-questions/${quiz.id}`, teacher.token, q)).json());
  const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Évaluer', contentType: 'quiz', duration: 0, quizId: quiz.id }] });
  await givenEnrolled(t, student, course);
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1', [course.courseId]);
  const answer = (question: number, text: string) =>
    call(t, 'POST', '/api/attempt-quiz/', student.token, { student: student.studentId, quiz: quiz.id, question: questions[question]!.id, right_ans: text, course: course.courseId, chapter: chapter!.id });
  const take = async (texts: string[]) => {
    for (const [i, text] of texts.entries()) expect((await answer(i, text)).statusCode).toBe(201);
  };
  await take(WRONG);
  const status = () => call(t, 'GET', `/api/quiz-status/${quiz.id}/${student.studentId}`, student.token);
  expect((await status()).json()).toMatchObject({ out_of_attempts: true });
  const grant = () => call(t, 'POST', `/api/quiz-grant-attempt/${quiz.id}/${student.studentId}`, teacher.token);
  const validate = (body: Record<string, unknown>) => call(t, 'POST', `/api/quiz-validate/${quiz.id}/${student.studentId}`, teacher.token, body);
  const events = async (type: string) =>
    (await db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = $1 and (payload->>'studentId')::int = $2 and (payload->>'quizId')::int = $3 order by position`, [type, student.studentId, quiz.id])).map((e) => e.payload);
  const row = () => db.one<{ attempt: number; extra_attempts: number }>('select attempt, extra_attempts from assessment.student_quiz where student_id = $1 and quiz_id = $2', [student.studentId, quiz.id]);
  return { teacher, student, quiz, answer, take, status, grant, validate, events, row };
}

const outcome = (r: { statusCode: number; json: () => unknown }) => [r.statusCode, r.json()];

describe('one more attempt granted', () => {
  it('sent twice in turn answers its first outcome: one grant, one new attempt', async () => {
    const w = await outOfAttempts();
    expect(outcome(await w.grant())).toEqual([201, { bool: true }]);
    expect(outcome(await w.grant())).toEqual([201, { bool: true }]);
    expect(await w.events('QuizAttemptGranted')).toHaveLength(1);
    expect(await w.row()).toEqual({ attempt: 2, extra_attempts: 1 });
    expect((await w.status()).json()).toMatchObject({ attempts_allowed: 2, out_of_attempts: false });
  });

  it('sent three times at once answers 201 to each and grants once', async () => {
    const w = await outOfAttempts();
    const answers = await Promise.all([w.grant(), w.grant(), w.grant()]);
    expect(answers.map(outcome)).toEqual([[201, { bool: true }], [201, { bool: true }], [201, { bool: true }]]);
    expect(await w.events('QuizAttemptGranted')).toHaveLength(1);
    expect(await w.events('QuizAttemptsReset')).toHaveLength(1);
    expect(await w.row()).toEqual({ attempt: 2, extra_attempts: 1 });
  });

  it('is a new grant once the learner used the granted attempt and failed again; refused while they are using it', async () => {
    const w = await outOfAttempts();
    expect((await w.grant()).statusCode).toBe(201);
    // The learner starts the granted attempt: a grant now is a new request, and there is nothing to grant.
    expect((await w.answer(0, 'Lyon')).statusCode).toBe(201);
    const meanwhile = await w.grant();
    expect([meanwhile.statusCode, meanwhile.json().message]).toEqual([409, "Cet apprenant n'a pas épuisé ses tentatives : rien à accorder."]);
    expect((await w.answer(1, '3')).statusCode).toBe(201);
    expect((await w.status()).json()).toMatchObject({ out_of_attempts: true, attempts_allowed: 2 });
    expect(outcome(await w.grant())).toEqual([201, { bool: true }]);
    expect((await w.events('QuizAttemptGranted')).map((p) => p.allowed)).toEqual([2, 3]);
    expect(await w.row()).toEqual({ attempt: 3, extra_attempts: 2 });
  });
});

describe('a validation by hand', () => {
  const body = { category: 'evaluation-orale', reason: 'Évaluation orale réussie le 4 mai, grille signée.' };

  it('sent twice in turn, then three times at once, answers its first outcome: one event', async () => {
    const w = await outOfAttempts();
    expect(outcome(await w.validate(body))).toEqual([201, { bool: true }]);
    expect(outcome(await w.validate(body))).toEqual([201, { bool: true }]);
    const again = await Promise.all([w.validate(body), w.validate(body), w.validate(body)]);
    expect(again.map(outcome)).toEqual([[201, { bool: true }], [201, { bool: true }], [201, { bool: true }]]);
    expect(await w.events('QuizValidatedByTrainer')).toHaveLength(1);
    expect((await w.status()).json()).toMatchObject({ validated_by_trainer: true, out_of_attempts: false });
  });

  it('sent three times at once to a learner out of attempts validates once', async () => {
    const w = await outOfAttempts();
    const answers = await Promise.all([w.validate(body), w.validate(body), w.validate(body)]);
    expect(answers.map(outcome)).toEqual([[201, { bool: true }], [201, { bool: true }], [201, { bool: true }]]);
    expect(await w.events('QuizValidatedByTrainer')).toHaveLength(1);
  });

  it('with another reason once validated is refused in French and changes nothing', async () => {
    const w = await outOfAttempts();
    expect((await w.validate(body)).statusCode).toBe(201);
    const other = await w.validate({ category: 'autre', reason: 'Une autre raison.' });
    expect([other.statusCode, other.json().message]).toEqual([409, 'Ce quiz a déjà été validé à la main pour cet apprenant, pour une autre raison.']);
    expect(await w.events('QuizValidatedByTrainer')).toHaveLength(1);
    const [stored] = await db.query<{ validation_category: string; validation_reason: string }>('select validation_category, validation_reason from assessment.student_quiz where student_id = $1', [w.student.studentId]);
    expect(stored).toEqual({ validation_category: body.category, validation_reason: body.reason });
  });
});
