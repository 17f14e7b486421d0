// Quizzes over HTTP: authoring by their trainer (or an admin), assignment to the trainer's own
// courses, taking them one question at a time in one's own name, results, and the right answer
// never reaching a student.
import { eventually } from '../../../platform/testing/eventually.js';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

const QUESTIONS = [
  { questions: 'Capitale de la France ?', ans1: 'Paris', ans2: 'Lyon', ans3: 'Nice', ans4: 'Lille', right_ans: 'Paris' },
  { questions: '2 + 2 ?', ans1: '3', ans2: '4', ans3: '5', ans4: '22', right_ans: '4' },
  { questions: 'Couleur du ciel ?', ans1: 'Vert', ans2: 'Rouge', ans3: 'Bleu', ans4: 'Noir', right_ans: 'Bleu' },
];

/** A trainer, their course with an enrolled student, and their quiz of three questions assigned to it. */
async function world() {
  const [teacher, student, outsider] = await Promise.all([givenTeacher(t), givenStudent(t), givenStudent(t)]);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  await givenEnrolled(t, student, course);
  const quiz = (await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Quiz de culture', detail: 'Trois questions' })).json();
  const questions = [];
  for (const q of QUESTIONS) questions.push((await call(t, 'POST', `/api/quiz-questions/${quiz.id}`, teacher.token, q)).json());
  expect((await call(t, 'POST', '/api/quiz-assign-course/', teacher.token, { teacher: teacher.teacherId, course: course.courseId, quiz: quiz.id })).statusCode).toBe(201);
  return { teacher, student, outsider, course, quiz, questions };
}

const answer = (student: GivenStudent, quiz: number, question: number, text: string, token = student.token) =>
  call(t, 'POST', '/api/attempt-quiz/', token, { student: student.studentId, quiz, question, right_ans: text });

describe('writing quizzes', () => {
  it('lets a trainer write a quiz of their own, with questions whose right answer is one of the four', async () => {
    const teacher = await givenTeacher(t);
    const missing = await call(t, 'POST', '/api/quiz/', teacher.token, { title: 'Sans formateur' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Identifiant formateur manquant.');
    const quiz = await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Excel', detail: 'Les bases' });
    expect(quiz.statusCode).toBe(201);
    expect(quiz.json()).toMatchObject({ title: 'Excel', teacher: teacher.teacherId, total_questions: 0 });
    const id = quiz.json().id;
    const wrong = await call(t, 'POST', `/api/quiz-questions/${id}`, teacher.token, { ...QUESTIONS[0], right_ans: 'Marseille' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La bonne réponse doit correspondre à une des 4 réponses proposées.');
    const incomplete = await call(t, 'POST', `/api/quiz-questions/${id}`, teacher.token, { ...QUESTIONS[0], ans3: '' });
    expect(incomplete.statusCode).toBe(400);
    const added = await call(t, 'POST', `/api/quiz-questions/${id}`, teacher.token, QUESTIONS[0]);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ order: 1, right_ans: 'Paris' });
    const changed = await call(t, 'PUT', `/api/question/${added.json().id}/`, teacher.token, { ...QUESTIONS[0], ans2: 'Lyon 2e', right_ans: 'Lyon 2e' });
    expect(changed.json()).toMatchObject({ ans2: 'Lyon 2e', right_ans: 'Lyon 2e' });
    expect((await call(t, 'GET', `/api/quiz-questions/${id}`, teacher.token)).json()).toHaveLength(1);
    const events = await db.query<{ event_type: string }>(`select event_type from eventlog.event where stream_type = 'assessment.quiz' and stream_id = $1 order by stream_version`, [String(id)]);
    expect(events.map((e) => e.event_type)).toEqual(['QuizCreated', 'QuestionAdded', 'QuestionChanged']);
  });

  it("refuses another trainer every call on a trainer's quiz, its questions, assignment and results; students too", async () => {
    const { quiz, questions, course } = await world();
    const [intruder, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const calls: [('GET' | 'PUT' | 'DELETE' | 'POST'), string, object?][] = [
      ['GET', `/api/quiz/${quiz.id}/`], ['GET', `/api/teacher-quiz-detail/${quiz.id}`], ['PUT', `/api/teacher-quiz-detail/${quiz.id}`, { title: 'Piraté' }],
      ['GET', `/api/quiz-questions/${quiz.id}`], ['POST', `/api/quiz-questions/${quiz.id}`, QUESTIONS[0]], ['GET', `/api/question/${questions[0].id}/`],
      ['PUT', `/api/question/${questions[0].id}/`, QUESTIONS[1]], ['DELETE', `/api/question/${questions[0].id}/`],
      ['GET', `/api/fetch-quiz-assign-status/${quiz.id}/${course.courseId}`], ['POST', '/api/quiz-assign-course/', { course: course.courseId, quiz: quiz.id }],
      ['GET', `/api/attempted-quiz/${quiz.id}`], ['DELETE', `/api/quiz/${quiz.id}/`],
    ];
    for (const [method, url, body] of calls) {
      expect([method, url, (await call(t, method, url, intruder.token, body)).statusCode]).toEqual([method, url, 403]);
      expect([method, url, (await call(t, method, url, student.token, body)).statusCode]).toEqual([method, url, 403]);
      expect([method, url, (await call(t, method, url, undefined, body)).statusCode]).toEqual([method, url, 401]);
    }
    expect((await db.one<{ title: string }>('select title from assessment.quiz where id = $1', [quiz.id]))!.title).toBe('Quiz de culture');
    expect(await db.query('select 1 from assessment.question where quiz_id = $1 and archived_at is null', [quiz.id])).toHaveLength(3);
  });

  it("assigns a trainer's quiz to their own courses only", async () => {
    const { teacher, quiz, course } = await world();
    const other = await givenCourse(t);
    const refused = await call(t, 'POST', '/api/quiz-assign-course/', teacher.token, { teacher: teacher.teacherId, course: other.courseId, quiz: quiz.id });
    expect(refused.statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/fetch-quiz-assign-status/${quiz.id}/${course.courseId}`, teacher.token)).json()).toEqual({ bool: true });
    expect((await call(t, 'GET', `/api/fetch-quiz-assign-status/${quiz.id}/${other.courseId}`, teacher.token)).json()).toEqual({ bool: false });
  });

  it("wires the quiz step of a chapter: a quiz of the course's trainer, another's refused", async () => {
    const { teacher, quiz, course } = await world();
    const foreign = await world();
    const step = { title: 'Évaluation', content_type: 'quiz', quiz: quiz.id, duration: 300 };
    const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, step);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ content_type: 'quiz', quiz: quiz.id });
    const refused = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, { ...step, quiz: foreign.quiz.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Ce quiz n'existe pas ou n'appartient pas au formateur du cours.");
  });
});

describe('taking a quiz', () => {
  it('walks a student through it one question at a time, without ever sending the right answer, then starts over', async () => {
    const { teacher, student, quiz, questions, course } = await world();
    const seen: string[] = [];
    const get = async (url: string) => {
      const response = await call(t, 'GET', url, student.token);
      seen.push(response.body);
      return response;
    };
    expect((await get(`/api/fetch-assigned-quiz/${course.courseId}`)).json()).toEqual([{ id: quiz.id, title: 'Quiz de culture', total_questions: 3 }]);
    expect((await get(`/api/fetch-quiz-attempt-status/${quiz.id}/${student.studentId}`)).json()).toEqual({ bool: true });
    let current = (await get(`/api/quiz-questions/${quiz.id}/1`)).json();
    const choices = ['Paris', '5', 'Bleu'];
    for (let i = 0; i < 3; i++) {
      expect(current).toHaveLength(1);
      const q = QUESTIONS[i]!;
      // The spec's fields, and those ADR 0045 adds (the type, the options in the order to show): never the right answer.
      const options = [q.ans1, q.ans2, q.ans3, q.ans4].map((text, n) => ({ id: n + 1, text }));
      expect(current[0]).toEqual({ ...q, right_ans: undefined, id: questions[i].id, quiz: quiz.id, number: i + 1, total: 3, kind: 'single', options });
      const answered = await answer(student, quiz.id, current[0].id, choices[i]!);
      seen.push(answered.body);
      expect(answered.statusCode).toBe(201);
      current = (await get(`/api/quiz-questions/${quiz.id}/next-question/${current[0].id}`)).json();
    }
    expect(current).toEqual([]);
    expect((await get(`/api/fetch-quiz-result/${quiz.id}/${student.studentId}`)).json()).toEqual({ total_questions: 3, total_attempted_questions: 3, total_correct_questions: 2 });
    expect((await get(`/api/fetch-quiz-attempt-status/${quiz.id}/${student.studentId}`)).json()).toEqual({ bool: false });
    const tests = (await get('/api/student-test/')).json();
    expect(tests.results).toEqual([expect.objectContaining({ id: quiz.id, status: 'completed', total_correct_questions: 2, attempt: 1 })]);
    // Nothing a student received names the right answer or its place.
    for (const body of seen) {
      expect(body).not.toMatch(/right_ans|correct_answer|right"|"answer_index/);
    }

    expect((await call(t, 'DELETE', `/api/reset-quiz-attempts/${quiz.id}/${student.studentId}`, student.token)).json()).toEqual({ bool: true });
    expect((await get(`/api/fetch-quiz-attempt-status/${quiz.id}/${student.studentId}`)).json()).toEqual({ bool: true });
    expect((await get(`/api/fetch-quiz-result/${quiz.id}/${student.studentId}`)).json()).toMatchObject({ total_attempted_questions: 0 });
    expect((await answer(student, quiz.id, questions[0].id, 'Lyon')).statusCode).toBe(201);

    // Served by the quiz-attempts projection, a moment behind the answers.
    const attempts = await eventually(async () => {
      const list = (await call(t, 'GET', `/api/attempted-quiz/${quiz.id}`, teacher.token)).json();
      expect(list.map((a: { attempt: number; total_correct_questions: number; total_attempted_questions: number; completed_at: string | null }) => [
        a.attempt, a.total_attempted_questions, a.total_correct_questions, a.completed_at !== null,
      ])).toEqual([
        [2, 1, 0, false],
        [1, 3, 2, true],
      ]);
      return list;
    });
    expect(attempts[0].id).not.toBe(attempts[1].id);
    expect(attempts[0].student).toMatchObject({ id: student.studentId, username: expect.any(String), email: expect.any(String) });
    const stream = await db.query<{ event_type: string }>(`select event_type from eventlog.event where stream_type = 'assessment.student-quiz' order by position`);
    expect(stream.map((e) => e.event_type)).toEqual(expect.arrayContaining(['QuizAttemptStarted', 'QuestionAnswered', 'QuizCompleted', 'QuizAttemptsReset']));
  });

  it('keeps one answer when two are sent at once to the same question; the other gets the final refusal, not the retryable one', async () => {
    const { student, quiz, questions } = await world();
    const answers = await Promise.all([answer(student, quiz.id, questions[0].id, 'Paris'), answer(student, quiz.id, questions[0].id, 'Lyon')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json()).toEqual({ statusCode: 409, message: 'Vous avez déjà répondu à cette question.' });
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(await db.query('select 1 from assessment.quiz_answer where question_id = $1', [questions[0].id])).toHaveLength(1);
  });

  it('refuses a second answer to a question, an answer for another student, and a student outside the course', async () => {
    const { student, outsider, quiz, questions } = await world();
    expect((await answer(student, quiz.id, questions[0].id, 'Paris')).statusCode).toBe(201);
    const twice = await answer(student, quiz.id, questions[0].id, 'Lyon');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Vous avez déjà répondu à cette question.');
    expect(await db.query('select 1 from assessment.quiz_answer where question_id = $1', [questions[0].id])).toHaveLength(1);
    expect((await answer(student, quiz.id, questions[1].id, '4', outsider.token)).statusCode).toBe(403);
    expect((await answer(outsider, quiz.id, questions[1].id, '4')).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/quiz-questions/${quiz.id}/1`, outsider.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/fetch-quiz-result/${quiz.id}/${student.studentId}`, outsider.token)).statusCode).toBe(403);
    expect((await answer(student, quiz.id, questions[1].id, 'Quarante-deux')).statusCode).toBe(400);
  });

  it('counts one answer when the same answer is sent twice at once: both answer its outcome (a retry is no conflict, ADR 0043)', async () => {
    const { student, quiz, questions } = await world();
    const results = await Promise.all([answer(student, quiz.id, questions[0].id, 'Paris'), answer(student, quiz.id, questions[0].id, 'Paris')]);
    expect(results.map((r) => [r.statusCode, r.json().answered])).toEqual([[201, 1], [201, 1]]);
    const other = await answer(student, quiz.id, questions[0].id, 'Lyon');
    expect([other.statusCode, other.json().message]).toEqual([409, 'Vous avez déjà répondu à cette question.']);
    expect(await db.query('select 1 from assessment.quiz_answer where question_id = $1', [questions[0].id])).toHaveLength(1);
  });

  it('archives a quiz students answered (results still readable) and deletes one nobody took', async () => {
    const { teacher, student, quiz, questions } = await world();
    await answer(student, quiz.id, questions[0].id, 'Paris');
    expect((await call(t, 'DELETE', `/api/question/${questions[0].id}/`, teacher.token)).json()).toEqual({ archived: true });
    expect((await call(t, 'DELETE', `/api/quiz/${quiz.id}`, teacher.token)).json()).toEqual({ archived: true });
    expect(await db.query('select 1 from assessment.quiz_answer where question_id = $1', [questions[0].id])).toHaveLength(1);
    const fresh = (await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Brouillon' })).json();
    expect((await call(t, 'DELETE', `/api/quiz/${fresh.id}/`, teacher.token)).json()).toEqual({ archived: false });
    expect(await db.query('select 1 from assessment.quiz where id = $1', [fresh.id])).toHaveLength(0);
  });

  it('deletes a question nobody answered (the others close up) and takes a quiz off a course', async () => {
    const { teacher, quiz, questions, course } = await world();
    expect((await call(t, 'DELETE', `/api/question/${questions[0].id}`, teacher.token)).json()).toEqual({ archived: false });
    const left = (await call(t, 'GET', `/api/quiz-questions/${quiz.id}`, teacher.token)).json();
    expect(left.map((q: { id: number; order: number }) => [q.id, q.order])).toEqual([[questions[1].id, 1], [questions[2].id, 2]]);
    expect(await db.query('select 1 from assessment.question where id = $1', [questions[0].id])).toHaveLength(0);
    expect((await call(t, 'DELETE', `/api/quiz-assign-course/${quiz.id}/${course.courseId}`, teacher.token)).json()).toEqual({ bool: true });
    expect((await call(t, 'GET', `/api/fetch-quiz-assign-status/${quiz.id}/${course.courseId}`, teacher.token)).json()).toEqual({ bool: false });
  });

  it('lets an admin list and manage every quiz', async () => {
    const { quiz } = await world();
    const admin = await givenAdmin(t);
    const list = (await call(t, 'GET', '/api/quiz/?search=culture', admin.token)).json();
    expect(list.map((q: { id: number }) => q.id)).toContain(quiz.id);
    expect((await call(t, 'PUT', `/api/teacher-quiz-detail/${quiz.id}`, admin.token, { title: 'Renommé' })).json().title).toBe('Renommé');
  });
});
