// Issue 28 item 2 (ADR 0043): quizzes a centre can use as evaluations. A pass mark, the attempts
// allowed and a time limit, set by the trainer and enforced by the server on its own clock and
// records: a quiz step validates only at or above the pass mark; the spec's reset counts against
// the limit and is refused in French once they are used, keeping every attempt as evidence; an
// answer after the time limit is refused and the attempt closed as it stands; concurrent
// submissions answer their outcome; a learner out of attempts alerts their trainer (a real e-mail
// and the trainer's list), who grants one more attempt or validates by hand with a reason.
import { createHash } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  db = t.app.get(Database);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const QUESTIONS = [
  { questions: 'Capitale de la France ?', ans1: 'Paris', ans2: 'Lyon', ans3: 'Nice', ans4: 'Lille', right_ans: 'Paris', explanation: 'Paris est la capitale depuis 987.' },
  { questions: '2 + 2 ?', ans1: '3', ans2: '4', ans3: '5', ans4: '22', right_ans: '4', explanation: 'Deux paires font quatre.' },
];
const RIGHT = ['Paris', '4'];
const WRONG = ['Lyon', '3'];

/** A trainer, a course whose one chapter is their quiz of two questions (with the given rules), a student enrolled. */
async function world(rules: Record<string, unknown>) {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  const created = await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Évaluation finale', detail: '', ...rules });
  expect(created.statusCode).toBe(201);
  const quiz = created.json();
  const questions: { id: number }[] = [];
  for (const q of QUESTIONS) questions.push((await call(t, 'POST', `/api/quiz-questions/${quiz.id}`, teacher.token, q)).json());
  const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Évaluer', contentType: 'quiz', duration: 0, quizId: quiz.id }] });
  await givenEnrolled(t, student, course);
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1', [course.courseId]);
  const answer = (question: number, text: string, who: GivenStudent = student) =>
    call(t, 'POST', '/api/attempt-quiz/', who.token, { student: who.studentId, quiz: quiz.id, question: questions[question].id, right_ans: text, course: course.courseId, chapter: chapter!.id });
  const take = async (texts: string[]) => {
    await call(t, 'GET', `/api/quiz-questions/${quiz.id}/1`, student.token);
    for (const [i, text] of texts.entries()) expect((await answer(i, text)).statusCode).toBe(201);
  };
  const reset = () => call(t, 'DELETE', `/api/reset-quiz-attempts/${quiz.id}/${student.studentId}/`, student.token);
  const status = (token = student.token) => call(t, 'GET', `/api/quiz-status/${quiz.id}/${student.studentId}`, token);
  const stepValidated = async () => {
    const records = (await call(t, 'GET', `/api/progress/?student=${student.studentId}&course=${course.courseId}`, student.token)).json();
    return records.find((r: { chapter: number }) => r.chapter === chapter!.id)?.validated ?? false;
  };
  return { teacher, student, quiz, questions, course, chapter: chapter!.id, answer, take, reset, status, stepValidated };
}

const events = (type: string, studentId: number) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = $1 and (payload->>'studentId')::int = $2 order by position`, [type, studentId]);

describe('the rules a trainer sets', () => {
  it('are entered in the quiz forms, carried by the events, checked in French, and a form without them keeps them', async () => {
    const teacher = await givenTeacher(t);
    const bad = await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Q', pass_mark: 120 });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Le seuil de réussite doit être un pourcentage entier entre 0 et 100.']);
    const text = await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Q', max_attempts: 'deux' });
    expect([text.statusCode, text.json().message]).toEqual([400, 'Le nombre de tentatives doit être un nombre entier (vide : illimité).']);
    const zero = await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Q', time_limit: 0 });
    expect([zero.statusCode, zero.json().message]).toEqual([400, 'La durée limite doit être un nombre entier de minutes entre 1 et 1440 (vide : sans limite).']);
    expect(await db.query('select 1 from assessment.quiz where teacher_id = $1', [teacher.teacherId])).toHaveLength(0);

    const quiz = (await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Q', pass_mark: '70', max_attempts: '3', time_limit: '' })).json();
    expect(quiz).toMatchObject({ pass_mark: 70, max_attempts: 3, time_limit: null });
    // The spec's form (title, detail) keeps the rules; an empty field clears one.
    expect((await call(t, 'PUT', `/api/teacher-quiz-detail/${quiz.id}`, teacher.token, { teacher: teacher.teacherId, title: 'Q2', detail: '' })).json()).toMatchObject({ title: 'Q2', pass_mark: 70, max_attempts: 3 });
    expect((await call(t, 'PUT', `/api/teacher-quiz-detail/${quiz.id}`, teacher.token, { title: 'Q2', max_attempts: '', time_limit: 15 })).json()).toMatchObject({ pass_mark: 70, max_attempts: null, time_limit: 15 });
    const logged = await db.query<{ event_type: string; payload: Record<string, unknown> }>(`select event_type, payload from eventlog.event where stream_type = 'assessment.quiz' and stream_id = $1 order by stream_version`, [String(quiz.id)]);
    expect(logged.map((e) => [e.event_type, e.payload.passMark, e.payload.maxAttempts, e.payload.timeLimitMinutes])).toEqual([
      ['QuizCreated', 70, 3, null], ['QuizUpdated', 70, 3, null], ['QuizUpdated', 70, null, 15],
    ]);
  });

  it('leave a quiz without them working as before: completing validates the step, attempts unlimited', async () => {
    const w = await world({});
    await w.take(WRONG);
    await eventually(async () => expect(await w.stepValidated()).toBe(true));
    for (let i = 0; i < 3; i++) {
      expect((await w.reset()).statusCode).toBe(200);
      await w.take(WRONG);
    }
    expect((await w.status()).json()).toMatchObject({ pass_mark: null, attempts_allowed: null, attempts_used: 4, can_restart: true, out_of_attempts: false });
  });
});

describe('a pass mark and attempts allowed', () => {
  it('validate the step only at or above the pass mark; the reset counts, is refused once used, and every attempt stays as evidence', async () => {
    const w = await world({ pass_mark: 100, max_attempts: 3 });
    await w.take(['Paris', '3']);
    expect((await w.status()).json()).toMatchObject({
      pass_mark: 100, attempts_allowed: 3, attempts_used: 1, can_restart: true, passed: false,
      current: { attempt: 1, score: 1, total: 2, passed: false, closed_by: 'answers' },
      message: 'Seuil de réussite non atteint (100 %) : vous pouvez recommencer le quiz.',
    });
    expect(await events('QuizCompleted', w.student.studentId)).toEqual([{ payload: expect.objectContaining({ passed: false, passMark: 100, score: 1 }) }]);
    // Below the pass mark: the step stays open (learning-progress saw the completion and passed on it).
    const [completion] = await db.query<{ position: string }>(`select position from eventlog.event where event_type = 'QuizCompleted' and (payload->>'studentId')::int = $1`, [w.student.studentId]);
    await eventually(async () => {
      const checkpoint = await db.one<{ position: string }>(`select position from eventlog.checkpoint where name = 'learning-progress.quiz-step'`);
      expect(BigInt(checkpoint!.position)).toBeGreaterThanOrEqual(BigInt(completion!.position));
    });
    expect(await w.stepValidated()).toBe(false);

    expect((await w.reset()).statusCode).toBe(200);
    await w.take(RIGHT);
    await eventually(async () => expect(await w.stepValidated()).toBe(true));
    expect((await w.status()).json()).toMatchObject({ attempts_used: 2, can_restart: true, passed: true, current: { passed: true } });

    // The second reset is attempt 3 of 3; a fourth is refused in French, and nothing is recorded.
    expect((await w.reset()).statusCode).toBe(200);
    await w.take(RIGHT);
    const refused = await w.reset();
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'Vous avez utilisé vos 3 tentatives et réussi ce quiz : il ne peut plus être recommencé.']);
    expect((await db.one<{ attempt: number }>('select attempt from assessment.student_quiz where student_id = $1', [w.student.studentId]))!.attempt).toBe(3);

    // Nothing deleted: the transcript lists the three attempts with their answers.
    const transcript = (await call(t, 'GET', `/api/evidence/me/courses/${w.course.courseId}/transcript/`, w.student.token)).json();
    expect(transcript.quiz_attempts.map((a: { attempt: number; correct: number; answers: unknown[] }) => [a.attempt, a.correct, a.answers.length])).toEqual([[1, 1, 2], [2, 2, 2], [3, 2, 2]]);
  });

  it('answer their outcome to concurrent submissions: never a second attempt, never a spurious conflict', async () => {
    const w = await world({ pass_mark: 50, max_attempts: 1 });
    // Two tabs send the same answers at once, then the last one twice.
    const first = await Promise.all([w.answer(0, 'Paris'), w.answer(0, 'Paris')]);
    expect(first.map((r) => [r.statusCode, r.json().answered])).toEqual([[201, 1], [201, 1]]);
    const last = await Promise.all([w.answer(1, '4'), w.answer(1, '4'), w.answer(1, '4')]);
    expect(last.map((r) => [r.statusCode, r.json().answered])).toEqual([[201, 2], [201, 2], [201, 2]]);
    expect(await db.query('select 1 from assessment.quiz_answer where question_id = any($1)', [w.questions.map((q) => q.id)])).toHaveLength(2);
    expect(await events('QuizCompleted', w.student.studentId)).toHaveLength(1);
    // Two resets at once with one attempt allowed: both refused, still one attempt.
    const resets = await Promise.all([w.reset(), w.reset()]);
    expect(resets.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await db.query('select 1 from assessment.quiz_attempt a join assessment.student_quiz s on s.id = a.student_quiz_id where s.student_id = $1', [w.student.studentId])).toHaveLength(1);
  });
});

describe('a time limit', () => {
  it('counts from the first question served on the server clock; an answer after it is refused and the attempt closed as it stands', async () => {
    const w = await world({ pass_mark: 50, max_attempts: 2, time_limit: 10 });
    const start = new Date('2026-05-04T08:00:00Z');
    t.clock.set(start);
    try {
      expect((await call(t, 'GET', `/api/quiz-questions/${w.quiz.id}/1`, w.student.token)).statusCode).toBe(200);
      expect((await events('QuizAttemptStarted', w.student.studentId))[0]!.payload).toMatchObject({ attempt: 1, deadline: '2026-05-04T08:10:00.000Z' });
      t.clock.advance(5 * 60_000);
      expect((await w.status()).json().current).toMatchObject({ deadline: '2026-05-04T08:10:00.000Z', remaining_seconds: 300 });
      expect((await w.answer(0, 'Lyon')).statusCode).toBe(201);
      t.clock.advance(6 * 60_000);
      // Past the deadline the quiz may not be launched (the attempt counts as closed), before anything else is sent.
      expect((await call(t, 'GET', `/api/fetch-quiz-attempt-status/${w.quiz.id}/${w.student.studentId}`, w.student.token)).json()).toEqual({ bool: false });
      // Two late answers at once: both refused in French, the attempt closed once with what it had.
      const late = await Promise.all([w.answer(1, '4'), w.answer(1, '4')]);
      // Whichever the server takes first closes the attempt; the other finds it closed (both in French).
      expect(late.map((r) => r.statusCode)).toEqual([409, 409]);
      expect(late.map((r) => r.json().message as string).every((m) => m.startsWith('Le temps imparti pour ce quiz est écoulé'))).toBe(true);
      expect(late.map((r) => r.json().message)).toContain(
        'Le temps imparti pour ce quiz est écoulé : votre réponse n’a pas été enregistrée et la tentative est close avec les réponses déjà données.',
      );
      expect(await events('QuizCompleted', w.student.studentId)).toEqual([{ payload: expect.objectContaining({ score: 0, total: 2, passed: false, closedBy: 'time-limit' }) }]);
      expect(await db.query('select 1 from assessment.quiz_answer where question_id = $1', [w.questions[1].id])).toHaveLength(0);
      expect((await w.status()).json()).toMatchObject({ attempts_used: 1, can_restart: true, current: { closed_by: 'time-limit', passed: false } });
      // The reset opens attempt 2, whose clock starts at its own first question.
      expect((await w.reset()).statusCode).toBe(200);
      t.clock.advance(60 * 60_000);
      await w.take(RIGHT);
      expect((await w.status()).json()).toMatchObject({ attempts_used: 2, passed: true, can_restart: false });
    } finally {
      t.clock.release();
    }
  });
});

describe('a learner out of attempts', () => {
  it('alerts the trainer by e-mail and in their list; the trainer grants one more attempt, which the learner then passes', async () => {
    const w = await world({ pass_mark: 100, max_attempts: 1 });
    const mailsBefore = smtp.mails.length;
    await w.take(WRONG);
    expect((await w.status()).json()).toMatchObject({
      out_of_attempts: true, can_restart: false,
      message: 'Vous avez utilisé votre tentative sans atteindre le seuil de réussite (100 %). Votre formateur en est informé : il peut vous accorder une nouvelle tentative ou valider cette étape.',
    });
    const refused = await w.reset();
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'Vous avez utilisé votre tentative pour ce quiz. Votre formateur en est informé : il peut vous accorder une nouvelle tentative ou valider cette étape.']);
    const mails = await smtp.waitFor(mailsBefore + 1);
    const mail = mails.slice(mailsBefore).find((m) => m.to.includes(w.teacher.email));
    expect(mail && readMail(mail).subject).toBe('Quiz « Évaluation finale » : ' + (await db.one<{ fullname: string }>('select fullname from identity.student where id = $1', [w.student.studentId]))!.fullname + ' a épuisé sa tentative');
    const alerts = (await call(t, 'GET', '/api/quiz-alerts', w.teacher.token)).json();
    expect(alerts).toEqual([expect.objectContaining({ quiz: w.quiz.id, student: w.student.studentId, attempts: 1, score: 0, total: 2, pass_mark: 100 })]);

    // Another trainer and the learner may not settle it; the quiz's trainer grants one more.
    const intruder = await givenTeacher(t);
    expect((await call(t, 'POST', `/api/quiz-grant-attempt/${w.quiz.id}/${w.student.studentId}`, intruder.token)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/quiz-grant-attempt/${w.quiz.id}/${w.student.studentId}`, w.student.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/quiz-alerts', intruder.token)).json()).toEqual([]);
    expect((await call(t, 'POST', `/api/quiz-grant-attempt/${w.quiz.id}/${w.student.studentId}`, w.teacher.token)).statusCode).toBe(201);
    // Sent again before the learner used it: its first outcome (ADR 0022, quiz-settle-retries.api.spec.ts).
    expect((await call(t, 'POST', `/api/quiz-grant-attempt/${w.quiz.id}/${w.student.studentId}`, w.teacher.token)).statusCode).toBe(201);
    expect((await call(t, 'GET', '/api/quiz-alerts', w.teacher.token)).json()).toEqual([]);
    expect((await w.status()).json()).toMatchObject({ attempts_allowed: 2, out_of_attempts: false, current: null });
    await w.take(RIGHT);
    await eventually(async () => expect(await w.stepValidated()).toBe(true));
    expect(await events('QuizAttemptGranted', w.student.studentId)).toEqual([{ payload: { studentId: w.student.studentId, quizId: w.quiz.id, allowed: 2 } }]);
  });

  it('may be validated by hand with a reason: the event carries its category and hash, the step validates', async () => {
    const w = await world({ pass_mark: 100, max_attempts: 1 });
    await w.take(WRONG);
    const url = `/api/quiz-validate/${w.quiz.id}/${w.student.studentId}`;
    const noReason = await call(t, 'POST', url, w.teacher.token, { category: 'evaluation-orale', reason: ' ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'Précisez la raison de la validation.']);
    const badCategory = await call(t, 'POST', url, w.teacher.token, { category: 'pourquoi-pas', reason: 'x' });
    expect([badCategory.statusCode, badCategory.json().message]).toEqual([400, 'Choisissez le motif de la validation.']);
    const reason = 'Évaluation orale réussie le 4 mai, grille signée.';
    const admin = await givenAdmin(t);
    expect((await call(t, 'POST', url, admin.token, { category: 'evaluation-orale', reason })).statusCode).toBe(201);
    const [validated] = await events('QuizValidatedByTrainer', w.student.studentId);
    expect(validated!.payload).toMatchObject({ reasonCategory: 'evaluation-orale', reasonHash: createHash('sha256').update(reason).digest('hex'), score: 0, total: 2, courseId: w.course.courseId, chapterId: w.chapter });
    expect(JSON.stringify(validated!.payload)).not.toContain('orale réussie');
    await eventually(async () => expect(await w.stepValidated()).toBe(true));
    expect((await w.status()).json()).toMatchObject({ validated_by_trainer: true, out_of_attempts: false, message: 'Votre formateur a validé ce quiz.' });
  });
});

describe('the review after an attempt', () => {
  it('shows the answers against the right ones with the explanations, only once the attempt is closed, to the learner and their trainer', async () => {
    const w = await world({ pass_mark: 50 });
    await call(t, 'GET', `/api/quiz-questions/${w.quiz.id}/1`, w.student.token);
    expect((await w.answer(0, 'Paris')).statusCode).toBe(201);
    const early = await call(t, 'GET', `/api/quiz-review/${w.quiz.id}/${w.student.studentId}`, w.student.token);
    expect([early.statusCode, early.json().message]).toEqual([409, 'La correction sera disponible une fois la tentative terminée.']);
    expect((await w.answer(1, '5')).statusCode).toBe(201);
    const review = (await call(t, 'GET', `/api/quiz-review/${w.quiz.id}/${w.student.studentId}`, w.student.token)).json();
    expect(review).toMatchObject({ attempt: 1, score: 1, total: 2, passed: true, pass_mark: 50 });
    expect(review.questions.map((q: { chosen: string; right_ans: string; correct: boolean; explanation: string }) => [q.chosen, q.right_ans, q.correct, q.explanation])).toEqual([
      ['Paris', 'Paris', true, 'Paris est la capitale depuis 987.'],
      ['5', '4', false, 'Deux paires font quatre.'],
    ]);
    expect((await call(t, 'GET', `/api/quiz-review/${w.quiz.id}/${w.student.studentId}`, w.teacher.token)).statusCode).toBe(200);
    const other = await givenStudent(t);
    expect((await call(t, 'GET', `/api/quiz-review/${w.quiz.id}/${w.student.studentId}`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/quiz-status/${w.quiz.id}/${w.student.studentId}`, other.token)).statusCode).toBe(403);
    // The student's question never carries the right answer nor the explanation.
    expect(Object.keys((await call(t, 'GET', `/api/quiz-questions/${w.quiz.id}/1`, w.student.token)).json()[0])).not.toContain('explanation');
  });
});
