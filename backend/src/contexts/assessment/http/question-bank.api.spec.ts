// Issue 28 item 2, second half (ADR 0045), against the real app and PostgreSQL: questions with
// several right answers (all-or-nothing) and true/false; questions and answers shuffled by the
// server per attempt and stable across reloads; the trainer's question bank (their own only,
// revisions and archive) and quizzes drawing N questions from a category per attempt, recorded
// with the attempt so the review and the transcript show exactly what was asked.
import { QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenStudent, type GivenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { GetQuizTranscript } from '../contracts/assessment.transcript.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

const MULTI = {
  kind: 'multiple', questions: 'Lesquels sont des tableurs ?', ans1: 'Excel', ans2: 'Word', ans3: 'LibreOffice Calc', ans4: 'PowerPoint', right_answers: [1, 3],
  explanation: 'Excel et Calc sont des tableurs.',
};
const TF = { kind: 'true-false', questions: 'Ctrl+Z annule la dernière action.', right_ans: 'Vrai', explanation: 'Raccourci universel.' };
const SINGLE = { questions: 'Extension d’un classeur Excel récent ?', ans1: '.xlsx', ans2: '.docx', ans3: '.pptx', ans4: '.txt', right_ans: '.xlsx' };

/** A trainer's quiz (with the given settings), its chapter in a course of theirs, a student enrolled. */
async function world(settings: Record<string, unknown> = {}, teacher?: GivenTeacher) {
  const trainer = teacher ?? (await givenTeacher(t));
  const student = await givenStudent(t);
  const created = await call(t, 'POST', '/api/quiz/', trainer.token, { teacher: trainer.teacherId, title: 'Bureautique', detail: '', ...settings });
  expect(created.statusCode).toBe(201);
  const quiz = created.json();
  const course = await givenCourse(t, { teacherId: trainer.teacherId, chapters: [{ title: 'Évaluer', contentType: 'quiz', duration: 0, quizId: quiz.id }] });
  await givenEnrolled(t, student, course);
  const first = (who: GivenStudent = student) => call(t, 'GET', `/api/quiz-questions/${quiz.id}/1`, who.token);
  const next = (after: number, who: GivenStudent = student) => call(t, 'GET', `/api/quiz-questions/${quiz.id}/next-question/${after}`, who.token);
  const answer = (question: number, body: Record<string, unknown>, who: GivenStudent = student) =>
    call(t, 'POST', '/api/attempt-quiz/', who.token, { student: who.studentId, quiz: quiz.id, question, ...body });
  /** Every question served, in order, following the spec's first / next-question calls. */
  const served = async (who: GivenStudent = student) => {
    const out: Record<string, unknown>[] = [];
    let page = (await first(who)).json();
    while (page.length > 0) {
      out.push(page[0]);
      page = (await next(page[0].id, who)).json();
    }
    return out as { id: number; kind: string; questions: string; options: { id: number; text: string }[]; ans1: string; number: number; total: number }[];
  };
  const review = () => call(t, 'GET', `/api/quiz-review/${quiz.id}/${student.studentId}`, student.token);
  return { teacher: trainer, student, quiz, course, first, next, answer, served, review };
}

const addQuestion = (w: { teacher: GivenTeacher; quiz: { id: number } }, body: object) => call(t, 'POST', `/api/quiz-questions/${w.quiz.id}`, w.teacher.token, body);
const bankAdd = (teacher: GivenTeacher, body: object) => call(t, 'POST', '/api/question-bank', teacher.token, body);
const NO_ANSWER_KEYS = ['right_ans', 'right_answers', 'explanation'];

describe('questions with several right answers and true/false', () => {
  it('are written by type with French refusals, and the spec’s single-answer form is unchanged', async () => {
    const w = await world();
    const none = await addQuestion(w, { ...MULTI, right_answers: [] });
    expect([none.statusCode, none.json().message]).toEqual([400, 'Cochez au moins une bonne réponse.']);
    const dup = await addQuestion(w, { ...MULTI, right_answers: '1,1' });
    expect([dup.statusCode, dup.json().message]).toEqual([400, 'Une même bonne réponse est indiquée deux fois.']);
    const tfBad = await addQuestion(w, { ...TF, right_ans: 'Sans doute' });
    expect([tfBad.statusCode, tfBad.json().message]).toEqual([400, 'Pour une question vrai/faux, la bonne réponse est « Vrai » ou « Faux ».']);
    const kind = await addQuestion(w, { ...SINGLE, kind: 'ouverte' });
    expect([kind.statusCode, kind.json().message]).toEqual([400, 'Type de question inconnu.']);
    // A right answer that is not text (a number, a boolean) is refused in French, never a 500.
    const tfNumber = await addQuestion(w, { ...TF, right_ans: 1 });
    expect([tfNumber.statusCode, tfNumber.json().message]).toEqual([400, 'Pour une question vrai/faux, la bonne réponse est « Vrai » ou « Faux ».']);
    const bankNumber = await call(t, 'POST', '/api/question-bank', w.teacher.token, { ...TF, category: 'Excel', right_ans: 1 });
    expect([bankNumber.statusCode, bankNumber.json().message]).toEqual([400, 'Pour une question vrai/faux, la bonne réponse est « Vrai » ou « Faux ».']);
    expect(await db.query('select 1 from assessment.question where quiz_id = $1', [w.quiz.id])).toHaveLength(0);

    expect((await addQuestion(w, SINGLE)).json()).toMatchObject({ kind: 'single', right_ans: '.xlsx', right_answers: [1] });
    expect((await addQuestion(w, MULTI)).json()).toMatchObject({ kind: 'multiple', right_ans: 'Excel', right_answers: [1, 3] });
    expect((await addQuestion(w, TF)).json()).toMatchObject({ kind: 'true-false', ans1: 'Vrai', ans2: 'Faux', ans3: '', ans4: '', right_answers: [1] });
    const multipart = new FormData();
    for (const [k, v] of Object.entries({ ...MULTI, right_answers: '2,4' })) multipart.append(k, String(v));
    expect((await addQuestion(w, multipart)).json()).toMatchObject({ kind: 'multiple', right_answers: [2, 4] });
  });

  it('are served without their right answers, answered by option numbers (checked in French), scored all-or-nothing, and reviewed by type', async () => {
    const w = await world();
    const [single, multi, tf] = [(await addQuestion(w, SINGLE)).json(), (await addQuestion(w, MULTI)).json(), (await addQuestion(w, TF)).json()];
    const questions = await w.served();
    expect(questions.map((q) => [q.id, q.kind, q.options.map((o) => o.text)])).toEqual([
      [single.id, 'single', ['.xlsx', '.docx', '.pptx', '.txt']],
      [multi.id, 'multiple', ['Excel', 'Word', 'LibreOffice Calc', 'PowerPoint']],
      [tf.id, 'true-false', ['Vrai', 'Faux']],
    ]);
    for (const q of questions) for (const key of NO_ANSWER_KEYS) expect(q).not.toHaveProperty(key);

    // The spec's client: the option's text.
    expect((await w.answer(single.id, { right_ans: '.xlsx' })).statusCode).toBe(201);
    for (const [choices, message] of [
      [[], 'Choisissez au moins une réponse.'],
      [[1, 7], 'Cette réponse ne fait pas partie des réponses proposées.'],
      [[1, 1], 'Une même réponse ne peut pas être choisie deux fois.'],
      ['un,deux', 'Cette réponse ne fait pas partie des réponses proposées.'],
    ] as const) {
      const refused = await w.answer(multi.id, { choices });
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    const two = await w.answer(tf.id, { choices: [1, 2] });
    expect([two.statusCode, two.json().message]).toEqual([400, 'Cette question n’attend qu’une seule réponse.']);
    expect(await db.query('select 1 from assessment.quiz_answer where question_id = any($1)', [[multi.id, tf.id]])).toHaveLength(0);

    // Only one of the two right options: wrong (all-or-nothing).
    expect((await w.answer(multi.id, { choices: [1] })).json()).toMatchObject({ answered: 2, total: 3 });
    expect((await w.answer(tf.id, { choices: '2' })).statusCode).toBe(201);
    const result = (await call(t, 'GET', `/api/fetch-quiz-result/${w.quiz.id}/${w.student.studentId}`, w.student.token)).json();
    expect(result).toEqual({ total_questions: 3, total_attempted_questions: 3, total_correct_questions: 1 });
    const [event] = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from eventlog.event where event_type = 'QuestionAnswered' and (payload->>'questionId')::int = $1`, [multi.id],
    );
    expect(event!.payload).toMatchObject({ chosen: 1, choices: [1], correct: false });
    expect(JSON.stringify(event!.payload)).not.toContain('Excel');

    const review = (await w.review()).json();
    expect(review.questions.map((q: Record<string, unknown>) => [q.kind, q.chosen, q.chosen_options, q.right_ans, q.right_answers, q.correct])).toEqual([
      ['single', '.xlsx', [1], '.xlsx', [1], true],
      ['multiple', 'Excel', [1], 'Excel ; LibreOffice Calc', [1, 3], false],
      ['true-false', 'Faux', [2], 'Vrai', [1], false],
    ]);
    // The transcript (and so the dossier) shows every option chosen.
    const transcript = await t.app.get(QueryBus).execute(new GetQuizTranscript(w.student.studentId, w.course.courseId, [w.quiz.id]));
    expect(transcript[0]!.answers.map((a) => [a.question, a.chosen, a.correct])).toEqual([
      [SINGLE.questions, '.xlsx', true], [MULTI.questions, 'Excel', false], [TF.questions, 'Faux', false],
    ]);
  });
});

describe('questions and answers shuffled by the server', () => {
  it('per attempt: the same order on a reload and in a second tab, answered by text or number, reviewed as the learner saw it', async () => {
    const w = await world({ shuffle: true });
    const ids: number[] = [];
    for (let i = 1; i <= 6; i += 1) ids.push((await addQuestion(w, { ...SINGLE, questions: `Question ${i}` })).json().id);
    const firstRead = await w.served();
    const [reload, secondTab] = await Promise.all([w.served(), w.served()]);
    expect(reload).toEqual(firstRead);
    expect(secondTab).toEqual(firstRead);
    expect(firstRead.map((q) => q.id).sort()).toEqual([...ids].sort());
    expect(firstRead.map((q) => q.number)).toEqual([1, 2, 3, 4, 5, 6]);
    // One attempt, its paper recorded once.
    const papers = await db.query<{ question_id: number }>(
      `select aq.question_id from assessment.attempt_question aq join assessment.quiz_attempt a on a.id = aq.attempt_id
         join assessment.student_quiz s on s.id = a.student_quiz_id where s.student_id = $1 order by aq.position`, [w.student.studentId],
    );
    expect(papers.map((p) => p.question_id)).toEqual(firstRead.map((q) => q.id));
    const [started] = await db.query<{ payload: { questions: { questionId: number; source: string }[]; shuffled: boolean } }>(
      `select payload from eventlog.event where event_type = 'QuizAttemptStarted' and (payload->>'studentId')::int = $1`, [w.student.studentId],
    );
    expect(started!.payload.shuffled).toBe(true);
    expect(started!.payload.questions.map((q) => q.questionId)).toEqual(firstRead.map((q) => q.id));

    for (const q of firstRead) {
      const xlsx = q.options.find((o) => o.text === '.xlsx')!;
      expect((await w.answer(q.id, q.number % 2 ? { right_ans: '.xlsx' } : { choices: [xlsx.id] })).statusCode).toBe(201);
    }
    const review = (await w.review()).json();
    expect(review.score).toBe(6);
    expect(review.questions.map((q: { id: number; options: unknown }) => [q.id, q.options])).toEqual(firstRead.map((q) => [q.id, q.options]));
  });

  it('a new attempt gets a new paper; the earlier one keeps its own', async () => {
    const w = await world({ shuffle: 'true' });
    for (let i = 1; i <= 5; i += 1) await addQuestion(w, { ...SINGLE, questions: `Q${i}` });
    const before = await w.served();
    for (const q of before) await w.answer(q.id, { right_ans: '.docx' });
    expect((await call(t, 'DELETE', `/api/reset-quiz-attempts/${w.quiz.id}/${w.student.studentId}/`, w.student.token)).statusCode).toBe(200);
    await w.served();
    const counts = await db.query<{ attempt: number; n: number }>(
      `select a.attempt, count(*)::int as n from assessment.attempt_question aq join assessment.quiz_attempt a on a.id = aq.attempt_id
         join assessment.student_quiz s on s.id = a.student_quiz_id where s.student_id = $1 group by a.attempt order by a.attempt`, [w.student.studentId],
    );
    expect(counts).toEqual([{ attempt: 1, n: 5 }, { attempt: 2, n: 5 }]);
    const first = (await call(t, 'GET', `/api/quiz-review/${w.quiz.id}/${w.student.studentId}?attempt=1`, w.student.token)).json();
    expect(first.questions.map((q: { id: number }) => q.id)).toEqual(before.map((q) => q.id));
  });
});

describe('the trainer’s question bank', () => {
  it('is each trainer’s own: written, filtered, edited and archived by them alone, with French refusals', async () => {
    const [owner, other] = await Promise.all([givenTeacher(t), givenTeacher(t)]);
    const student = await givenStudent(t);
    const missing = await bankAdd(owner, { ...SINGLE, category: ' ' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'La catégorie est obligatoire.']);
    const q1 = (await bankAdd(owner, { ...MULTI, category: 'Excel', tags: ['formules', 'débutant'] })).json();
    const q2 = (await bankAdd(owner, { ...TF, category: 'Excel', tags: 'raccourcis' })).json();
    await bankAdd(owner, { ...SINGLE, category: 'Word' });
    expect(q1).toMatchObject({ teacher: owner.teacherId, category: 'Excel', tags: ['formules', 'débutant'], kind: 'multiple', revision: 1, right_answers: [1, 3] });

    const list = (query: string, who = owner) => call(t, 'GET', `/api/question-bank${query}`, who.token);
    expect((await list('?category=Excel')).json().map((q: { id: number }) => q.id)).toEqual([q2.id, q1.id]);
    expect((await list('?tag=raccourcis')).json().map((q: { id: number }) => q.id)).toEqual([q2.id]);
    expect((await list('?kind=multiple&search=tableurs')).json().map((q: { id: number }) => q.id)).toEqual([q1.id]);
    expect((await call(t, 'GET', '/api/question-bank-categories', owner.token)).json()).toEqual([
      { category: 'Excel', questions: 2, tags: ['débutant', 'formules', 'raccourcis'] }, { category: 'Word', questions: 1, tags: [] },
    ]);

    // Another trainer sees none of it, and can neither read, edit nor archive it; a learner has no bank.
    expect((await list('', other)).json()).toEqual([]);
    const peek = await list(`?teacher=${owner.teacherId}`, other);
    expect([peek.statusCode, peek.json().message]).toEqual([403, 'Vous ne consultez que votre propre banque de questions.']);
    for (const [method, body] of [['GET', undefined], ['PUT', { ...TF, category: 'Excel' }], ['DELETE', undefined]] as const) {
      const refused = await call(t, method, `/api/question-bank/${q2.id}`, other.token, body);
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'Cette question n’est pas dans votre banque.']);
    }
    expect((await call(t, 'GET', '/api/question-bank', student.token)).statusCode).toBe(403);
    const unknown = await call(t, 'GET', '/api/question-bank/999999', owner.token);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Question introuvable dans la banque.']);

    const edited = await call(t, 'PUT', `/api/question-bank/${q2.id}`, owner.token, { ...TF, right_ans: 'Faux', category: 'Excel' });
    expect(edited.json()).toMatchObject({ revision: 2, right_answers: [2] });
    expect((await call(t, 'DELETE', `/api/question-bank/${q2.id}`, owner.token)).json()).toEqual({ bool: true });
    // Archived again (a double click): its outcome, one event.
    expect((await call(t, 'DELETE', `/api/question-bank/${q2.id}`, owner.token)).json()).toEqual({ bool: true });
    expect(await db.query(`select 1 from eventlog.event where event_type = 'BankQuestionArchived' and (payload->>'questionId')::int = $1`, [q2.id])).toHaveLength(1);
    expect((await list('?category=Excel')).json().map((q: { id: number }) => q.id)).toEqual([q1.id]);
    expect((await list('?archived=true')).json().map((q: { id: number }) => q.id)).toEqual([q2.id]);
    expect(await db.query('select 1 from assessment.bank_question where id = $1', [q2.id])).toHaveLength(1);
    const again = await call(t, 'PUT', `/api/question-bank/${q2.id}`, owner.token, { ...TF, category: 'Excel' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Cette question est archivée : elle ne peut plus être modifiée.']);

    // An admin reads any trainer's bank.
    const admin = await givenAdmin(t);
    expect((await call(t, 'GET', `/api/question-bank?teacher=${owner.teacherId}&category=Word`, admin.token)).json()).toHaveLength(1);
  });

  it('a quiz draws N questions from a category per attempt: recorded with the attempt, its review and transcript unchanged by later edits', async () => {
    const teacher = await givenTeacher(t);
    const bank: { id: number }[] = [];
    bank.push((await bankAdd(teacher, { ...MULTI, category: 'Excel' })).json());
    bank.push((await bankAdd(teacher, { ...TF, category: 'Excel' })).json());
    for (let i = 1; i <= 3; i += 1) bank.push((await bankAdd(teacher, { ...SINGLE, questions: `Excel ${i}`, category: 'Excel' })).json());
    const tooMany = await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Tirage', draw_category: 'Excel', draw_count: 9 });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, 'La catégorie « Excel » de la banque ne compte que 5 questions : impossible d’en tirer 9.']);
    const half = await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Tirage', draw_category: 'Excel' });
    expect([half.statusCode, half.json().message]).toEqual([400, 'Pour un tirage depuis la banque, indiquez la catégorie et le nombre de questions à tirer.']);

    const w = await world({ draw_category: 'Excel', draw_count: 3 }, teacher);
    expect(w.quiz).toMatchObject({ draw_category: 'Excel', draw_count: 3, total_questions: 3 });
    const asked = await w.served();
    expect(asked).toHaveLength(3);
    expect(await w.served()).toEqual(asked);
    expect(asked.every((q) => bank.some((b) => b.id === q.id))).toBe(true);
    for (const q of asked) for (const key of NO_ANSWER_KEYS) expect(q).not.toHaveProperty(key);
    const [started] = await db.query<{ payload: { questions: { questionId: number; source: string; version: number; hash: string }[] } }>(
      `select payload from eventlog.event where event_type = 'QuizAttemptStarted' and (payload->>'studentId')::int = $1`, [w.student.studentId],
    );
    expect(started!.payload.questions).toEqual(asked.map((q) => ({ questionId: q.id, source: 'bank', version: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) })));
    // A question that was not drawn is not answerable in this attempt.
    const notDrawn = bank.find((b) => !asked.some((q) => q.id === b.id))!;
    expect((await w.answer(notDrawn.id, { choices: [1] })).statusCode).toBe(404);

    // Concurrent submissions: the same answer twice and the others at once, each answers its outcome.
    const pick = (q: (typeof asked)[number]) => (q.kind === 'multiple' ? { choices: [1, 3] } : q.kind === 'true-false' ? { right_ans: 'Vrai' } : { right_ans: '.xlsx' });
    const sent = await Promise.all([...asked.map((q) => w.answer(q.id, pick(q))), w.answer(asked[0]!.id, pick(asked[0]!))]);
    expect(sent.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(await db.query('select 1 from assessment.quiz_answer a join assessment.student_quiz s on s.id = a.student_quiz_id where s.student_id = $1', [w.student.studentId])).toHaveLength(3);
    const completed = await db.query<{ payload: { score: number; total: number } }>(
      `select payload from eventlog.event where event_type = 'QuizCompleted' and (payload->>'studentId')::int = $1`, [w.student.studentId],
    );
    expect(completed.map((e) => [e.payload.score, e.payload.total])).toEqual([[3, 3]]);

    // The trainer edits and archives what was asked: the review and the transcript still show what the learner answered.
    for (const q of asked) {
      const b = (await call(t, 'GET', `/api/question-bank/${q.id}`, teacher.token)).json();
      await call(t, 'PUT', `/api/question-bank/${q.id}`, teacher.token, { ...b, questions: `${b.questions} (révisée)`, category: 'Excel', tags: [] });
      await call(t, 'DELETE', `/api/question-bank/${q.id}`, teacher.token);
    }
    const review = (await w.review()).json();
    expect(review).toMatchObject({ score: 3, total: 3 });
    expect(review.questions.map((q: { id: number; questions: string; correct: boolean }) => [q.id, q.questions, q.correct])).toEqual(asked.map((q) => [q.id, q.questions, true]));
    const transcript = await t.app.get(QueryBus).execute(new GetQuizTranscript(w.student.studentId, w.course.courseId, [w.quiz.id]));
    // (The transcript lists answers in the order given: these were sent at once.)
    expect(transcript[0]!.answers.map((a) => a.question).sort()).toEqual(asked.map((q) => q.questions).sort());
    expect(transcript[0]!.total).toBe(3);
  });

  it('an attempt drawn from the bank is answered against its paper after the trainer stops drawing', async () => {
    const teacher = await givenTeacher(t);
    for (let i = 1; i <= 2; i += 1) await bankAdd(teacher, { ...SINGLE, questions: `Word ${i}`, category: 'Word' });
    const w = await world({ draw_category: 'Word', draw_count: 2 }, teacher);
    const [question] = (await w.first()).json() as { id: number }[];
    const changed = await call(t, 'PUT', `/api/teacher-quiz-detail/${w.quiz.id}`, teacher.token, { teacher: teacher.teacherId, title: 'Bureautique', detail: '', draw_category: null, draw_count: null });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ draw_category: null, draw_count: null });
    const answered = await w.answer(question!.id, { right_ans: '.xlsx' });
    expect([answered.statusCode, answered.json()]).toEqual([201, expect.objectContaining({ total: 2 })]);
  });

  it('a drawn quiz whose category shrank below the draw refuses to start in French, writing nothing', async () => {
    const teacher = await givenTeacher(t);
    const only = (await bankAdd(teacher, { ...TF, category: 'Outlook' })).json();
    const w = await world({ draw_category: 'Outlook', draw_count: 1 }, teacher);
    await call(t, 'DELETE', `/api/question-bank/${only.id}`, teacher.token);
    const refused = await w.first();
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'Ce quiz tire une question d’une catégorie de la banque qui n’en compte aucune : prévenez votre formateur.']);
    expect(await db.query('select 1 from assessment.student_quiz where student_id = $1', [w.student.studentId])).toHaveLength(0);
  });
});
