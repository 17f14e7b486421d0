// The Qualiopi indicators (issue 29 item 7, docs/adr/0056) on the real application and PostgreSQL:
// learners driven through the player's own calls (steps opened, a final quiz passed or failed,
// a course completed, a learner taken off), then the dashboard's figures, the learners behind each,
// the export, the session filter, the public page, and every refusal in French.
import { CommandBus } from '@nestjs/cqrs';
import ExcelJS from 'exceljs';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAdmin, type GivenCourse, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { AddQuestion, CreateQuiz } from '../../assessment/testing.js';

let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterAll(() => t?.close());

interface World {
  course: GivenCourse;
  quizId: number;
  chapters: [number, number];
  questions: number[];
  learners: { done: GivenStudent; failed: GivenStudent; idle: GivenStudent; gone: GivenStudent; reading: GivenStudent };
}

/** A course of a text chapter and a final quiz (pass mark 50 %, two questions), and five learners at five stages. */
async function world(): Promise<World> {
  const teacher = await givenTeacher(t);
  const commands = t.app.get(CommandBus);
  const quizId = await commands.execute(new CreateQuiz(teacher.actor, teacher.teacherId, 'Évaluation finale', '', { passMark: 50 }));
  await commands.execute(new AddQuestion(teacher.actor, quizId, { questions: 'Deux et deux ?', answers: ['3', '4', '5', '22'], rightAnswer: '4' }));
  await commands.execute(new AddQuestion(teacher.actor, quizId, { questions: 'Trois et trois ?', answers: ['6', '7', '8', '9'], rightAnswer: '6' }));
  const course = await givenCourse(t, {
    teacherId: teacher.teacherId,
    chapters: [
      { title: 'Lire', contentType: 'text', duration: 0, textContent: 'Bienvenue' },
      { title: 'Évaluation', contentType: 'quiz', duration: 0, quizId },
    ],
  });
  const chapters = (await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position', [course.courseId])).map((c) => c.id) as [number, number];
  const questions = (await db.query<{ id: number }>('select id from assessment.question where quiz_id = $1 order by id', [quizId])).map((q) => q.id);
  const [done, failed, idle, gone, reading] = await Promise.all([1, 2, 3, 4, 5].map(() => givenStudent(t)));
  for (const learner of [done, failed, idle, gone, reading]) await givenEnrolled(t, learner, course, admin);
  const w: World = { course, quizId, chapters, questions, learners: { done: done!, failed: failed!, idle: idle!, gone: gone!, reading: reading! } };
  for (const learner of [done!, failed!, reading!, gone!]) await read(w, learner);
  await answerQuiz(w, done!, ['4', '6']);
  await answerQuiz(w, failed!, ['3', '7']);
  await eventually(async () => {
    const finished = await call(t, 'POST', '/api/complete-course/', done!.token, { student: done!.studentId, course: course.courseId });
    expect(finished.json()).toEqual({ bool: true });
  });
  const removed = await call(t, 'DELETE', `/api/remove-enrolled-course/${gone!.studentId}/${course.courseId}/`, admin.token);
  expect(removed.statusCode).toBeLessThan(300);
  return w;
}

async function read(w: World, learner: GivenStudent): Promise<void> {
  for (const validated of [false, true]) {
    const response = await call(t, 'POST', '/api/progress/', learner.token, { student: learner.studentId, course: w.course.courseId, content_type: 'text', chapter: w.chapters[0], validated });
    expect(response.statusCode).toBe(201);
  }
}

async function answerQuiz(w: World, learner: GivenStudent, answers: string[]): Promise<void> {
  await call(t, 'POST', '/api/progress/', learner.token, { student: learner.studentId, course: w.course.courseId, content_type: 'quiz', chapter: w.chapters[1] });
  for (const [i, answer] of answers.entries()) {
    const response = await call(t, 'POST', '/api/attempt-quiz/', learner.token, {
      student: learner.studentId, quiz: w.quizId, question: w.questions[i], right_ans: answer, course: w.course.courseId, chapter: w.chapters[1],
    });
    expect(response.statusCode).toBe(201);
  }
}

const indicators = async (query: string) => {
  const response = await call(t, 'GET', `/api/admin/indicators/?${query}`, admin.token);
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('the director’s indicators', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 60_000);

  it('counts the course’s cohort: completed, dropped, in progress, not started, the final evaluation and the steps opened', async () => {
    await eventually(async () => {
      const view = await indicators(`course=${w.course.courseId}`);
      expect(view.cohort).toEqual({
        learners: 5, completed: 1, dropped: 1, in_progress: 3, not_started: 1, completion_rate: 0.2, dropout_rate: 0.2,
        evaluated: 5, evaluation_taken: 2, evaluation_passed: 1, success_rate: 0.5, average_score: 50,
        opened_any: 4, steps_opened_share: expect.any(Number), downloaded_any: 0, documents_downloaded: 0, reminded: 0, reminded_active: 0, reminders_sent: 0, reactivation_rate: null,
      });
      expect(view.satisfaction).toEqual({ sent: 0, answered: 0, response_rate: null, by_kind: [] });
      expect(view.courses).toEqual([expect.objectContaining({ course_id: w.course.courseId, title: w.course.title, final_quiz_id: w.quizId, learners: 5 })]);
      expect(view.scope).toMatchObject({ course_id: w.course.courseId, session_id: null });
    });
  });

  it('lists the learners behind a figure, paged, and exports them', async () => {
    const page = await call(t, 'GET', `/api/admin/indicators/learners/?course=${w.course.courseId}&figure=evaluation_failed`, admin.token);
    expect([page.statusCode, page.json().count]).toEqual([200, 1]);
    expect(page.json().results).toEqual([
      expect.objectContaining({ student_id: w.learners.failed.studentId, course_id: w.course.courseId, status: 'in_progress', final_passed: false, final_quiz_id: w.quizId, final_best_percent: 0, steps: 2 }),
    ]);
    const dropped = (await call(t, 'GET', `/api/admin/indicators/learners/?course=${w.course.courseId}&figure=dropped`, admin.token)).json();
    expect(dropped.results.map((r: { student_id: number }) => r.student_id)).toEqual([w.learners.gone.studentId]);
    expect(dropped.results[0].left_at).toEqual(expect.any(String));
    const paged = (await call(t, 'GET', `/api/admin/indicators/learners/?course=${w.course.courseId}&page_size=2&page=3`, admin.token)).json();
    expect([paged.count, paged.results.length, paged.next, paged.previous]).toEqual([5, 1, null, expect.stringContaining('page=2')]);

    const file = await call(t, 'GET', `/api/admin/indicators/learners/export/?course=${w.course.courseId}&figure=completed`, admin.token);
    expect([file.statusCode, file.headers['x-export-rows']]).toEqual([200, '1']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Formation terminée');
    expect(sheet.getRow(2).getCell(4).value).toBe(w.course.title);
    expect(sheet.getRow(2).getCell(6).value).toBe('Terminée');
    expect(sheet.getRow(1).getCell(11).value).toBe('Documents téléchargés');
    expect(sheet.getRow(2).getCell(11).value).toBe(0);
    expect(sheet.getRow(2).getCell(13).value).toBe('Réussie');
  });

  it('counts the learners reminded (indicator 12) and those active after their last reminder, by the server’s clock', async () => {
    t.clock.set(new Date(Date.now() + 9 * 86_400_000));
    try {
      for (const learner of [w.learners.idle, w.learners.reading]) {
        const reminded = await call(t, 'POST', '/api/engagement/alerts/remind/', admin.token, { student_id: learner.studentId, course_id: w.course.courseId });
        expect([learner.studentId, reminded.statusCode]).toEqual([learner.studentId, 201]);
      }
      t.clock.advance(60_000);
      // After the reminder, the reading learner comes back: the quiz step opened.
      const back = await call(t, 'POST', '/api/progress/', w.learners.reading.token, { student: w.learners.reading.studentId, course: w.course.courseId, content_type: 'quiz', chapter: w.chapters[1] });
      expect(back.statusCode).toBe(201);
      await eventually(async () => {
        const view = await indicators(`course=${w.course.courseId}&from=2026-01-01`);
        expect(view.cohort).toMatchObject({ reminded: 2, reminded_active: 1, reminders_sent: 2, reactivation_rate: 0.5 });
      });
      const active = (await call(t, 'GET', `/api/admin/indicators/learners/?course=${w.course.courseId}&from=2026-01-01&figure=reminded_active`, admin.token)).json();
      expect(active.results).toEqual([expect.objectContaining({ student_id: w.learners.reading.studentId, reminders: 1, last_reminded_at: expect.any(String) })]);
    } finally {
      t.clock.release();
    }
  });

  it('counts the questionnaires sent and answered (indicator 30), with no learner behind them', async () => {
    const created = await call(t, 'POST', '/api/admin/questionnaires', admin.token, {
      title: 'Avis de l’employeur', kind: 'employeur', questions: [{ type: 'note', label: 'Êtes-vous satisfait de la formation ?', required: true }],
    });
    expect(created.statusCode).toBe(201);
    const invited = await call(t, 'POST', `/api/admin/questionnaires/${created.json().id}/invitations`, admin.token, {
      course_id: w.course.courseId, emails: ['rh@entreprise-exemple.fr', 'drh@entreprise-exemple.fr'],
    });
    expect(invited.statusCode).toBe(201);
    const view = await indicators(`course=${w.course.courseId}`);
    expect(view.satisfaction).toEqual({ sent: 2, answered: 0, response_rate: 0, by_kind: [{ kind: 'employeur', sent: 2, answered: 0, response_rate: 0 }] });
  });

  it('filters by session: its learners, whatever the period', async () => {
    const created = await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: w.course.courseId, name: 'Session test', start_date: '2026-01-05', end_date: '2026-12-18' });
    expect(created.statusCode).toBe(201);
    const sessionId = created.json().id;
    for (const learner of [w.learners.done, w.learners.idle]) {
      expect((await call(t, 'POST', `/api/admin/sessions/${sessionId}/learners/`, admin.token, { student: learner.studentId })).statusCode).toBe(200);
    }
    const view = await indicators(`session=${sessionId}&from=2020-01-01&to=2020-01-02`);
    expect(view.scope).toMatchObject({ session_id: sessionId, session_name: 'Session test', course_id: w.course.courseId });
    expect(view.cohort).toMatchObject({ learners: 2, completed: 1, not_started: 1 });
    const other = await givenCourse(t);
    const mismatch = await call(t, 'GET', `/api/admin/indicators/?session=${sessionId}&course=${other.courseId}`, admin.token);
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, 'Cette session n’est pas une session de la formation choisie.']);
  });

  it('a period without entries counts nobody and gives no rate', async () => {
    const view = await indicators(`course=${w.course.courseId}&from=2020-01-01&to=2020-12-31`);
    expect(view.cohort).toMatchObject({ learners: 0, completion_rate: null, success_rate: null, average_score: null });
    expect(view.scope).toMatchObject({ from: '2020-01-01', to: '2020-12-31' });
  });

  it('publishes the results on the public page only when switched on, once per change, with rates from five learners', async () => {
    const off = await call(t, 'GET', '/api/public-results/');
    expect([off.statusCode, off.json().enabled, off.json().courses]).toEqual([200, false, []]);
    for (let i = 0; i < 2; i++) {
      const on = await call(t, 'PUT', '/api/admin/indicators/public-results/', admin.token, { enabled: true });
      expect([on.statusCode, on.json().enabled]).toEqual([200, true]);
    }
    const events = await db.query<{ payload: unknown }>(`select payload from eventlog.event where event_type = 'PublicResultsChanged'`);
    expect(events.map((e) => e.payload)).toEqual([{ enabled: true }]);
    const shown = (await call(t, 'GET', '/api/public-results/')).json();
    expect(shown.courses).toContainEqual({ course_id: w.course.courseId, title: w.course.title, learners: 5, completion_rate: 0.2, success_rate: null });
    // All the published courses together: three figures, rates only from five learners (or five evaluations taken), nothing internal.
    expect(Object.keys(shown.overall).sort()).toEqual(['completion_rate', 'learners', 'success_rate']);
    expect(shown.overall.learners).toBeGreaterThanOrEqual(5);
    expect(shown.overall.success_rate).toBeNull();
    expect((await indicators('')).public_results).toBe(true);
    const withdrawn = await call(t, 'PUT', '/api/admin/indicators/public-results/', admin.token, { enabled: false });
    expect(withdrawn.json()).toMatchObject({ enabled: false, courses: [], overall: null });
  });
});

describe('refusals', () => {
  it('refuses a visitor with 401, a learner and a trainer with 403', async () => {
    const [student, teacher] = await Promise.all([givenStudent(t), givenTeacher(t)]);
    const paths: [('GET' | 'PUT'), string, object?][] = [
      ['GET', '/api/admin/indicators/'],
      ['GET', '/api/admin/indicators/learners/'],
      ['GET', '/api/admin/indicators/learners/export/'],
      ['PUT', '/api/admin/indicators/public-results/', { enabled: true }],
    ];
    for (const [method, path, body] of paths) {
      expect([path, (await call(t, method, path, undefined, body)).statusCode]).toEqual([path, 401]);
      for (const token of [student.token, teacher.token]) expect([path, (await call(t, method, path, token, body)).statusCode]).toEqual([path, 403]);
    }
  });

  it('answers bad filters in French and changes nothing', async () => {
    const cases: [string, string][] = [
      ['/api/admin/indicators/?from=2026-02-30', 'La date doit être une date valide (AAAA-MM-JJ).'],
      ['/api/admin/indicators/?from=2026-05-01&to=2026-04-01', 'La date de début doit précéder la date de fin.'],
      ['/api/admin/indicators/?from=2020-01-01&to=2026-01-01', 'La période ne peut pas dépasser trois ans.'],
      ['/api/admin/indicators/?course=abc', 'Formation introuvable.'],
      ['/api/admin/indicators/learners/?figure=tout', 'Choisissez un indicateur de la liste'],
      ['/api/admin/indicators/learners/?page_size=500', 'La taille de page doit être comprise entre 1 et 50.'],
    ];
    for (const [path, message] of cases) {
      const response = await call(t, 'GET', path, admin.token);
      expect([path, response.statusCode, response.json().message]).toEqual([path, 400, expect.stringContaining(message)]);
    }
    const missing = await call(t, 'GET', '/api/admin/indicators/?session=999999', admin.token);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Session introuvable.']);
    const bad = await call(t, 'PUT', '/api/admin/indicators/public-results/', admin.token, { enabled: 'oui' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, '« enabled » doit valoir true ou false.']);
  });
});
