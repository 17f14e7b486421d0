// The transcript shows each quiz attempt's verdict (issue 28 item 2, ADR 0043 « two readings »): passed
// or not against the pass mark in force when the server closed it (a pass mark changed later does not
// rewrite an earlier attempt), « sans seuil » for a quiz without one, the time limit, a validation by
// hand; on the screen's JSON and in the dossier de preuves' PDF and workbook.
import { CommandBus } from '@nestjs/cqrs';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { unzip } from '../../../testing/zip.js';
import { AssignQuiz } from '../../assessment/testing.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => t.clock.release());

const QUESTIONS = [
  { questions: 'Quelle tension définit le domaine BT ?', ans1: '50 V à 1000 V', ans2: '12 V', ans3: '20 kV', ans4: '230 kV', right_ans: '50 V à 1000 V' },
  { questions: 'Que signifie le « 0 » de B0 ?', ans1: 'Non électricien', ans2: 'Chargé de consignation', ans3: 'Électricien', ans4: 'Sans formation', right_ans: 'Non électricien' },
];
const RIGHT = ['50 V à 1000 V', 'Non électricien'];
const WRONG = ['12 V', 'Électricien'];
const HALF = ['50 V à 1000 V', 'Électricien'];

async function quiz(teacher: GivenTeacher, title: string, rules: Record<string, unknown>) {
  const created = await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title, detail: '', ...rules });
  expect(created.statusCode).toBe(201);
  const questions: number[] = [];
  for (const q of QUESTIONS) questions.push((await call(t, 'POST', `/api/quiz-questions/${created.json().id}`, teacher.token, q)).json().id);
  return { id: created.json().id as number, questions };
}

describe('the verdict of each quiz attempt in the transcript', () => {
  it('is the pass mark in force when it closed, « sans seuil » without one, on the screen, in the PDF and the workbook', async () => {
    const [teacher, student, admin] = await Promise.all([givenTeacher(t), givenStudent(t), givenAdmin(t)]);
    const open = await quiz(teacher, 'Quiz de découverte', {});
    const exam = await quiz(teacher, 'Évaluation finale B0', { pass_mark: 100, max_attempts: 1 });
    const oral = await quiz(teacher, 'Évaluation des consignes', { pass_mark: 100, max_attempts: 1 });
    // The course offers its quizzes on their own (a quiz step would wait for the one before it to validate).
    const course = await givenCourse(t, { teacherId: teacher.teacherId, title: 'Habilitation électrique B0', chapters: [{ title: 'Les risques', contentType: 'text', duration: 0, textContent: 'Distances de sécurité.' }] });
    for (const q of [open, exam, oral]) await t.app.get(CommandBus).execute(new AssignQuiz(teacher.actor, q.id, course.courseId));
    await givenEnrolled(t, student, course);
    const take = async (q: { id: number; questions: number[] }, texts: string[], when: string) => {
      t.clock.set(new Date(when));
      for (const [i, text] of texts.entries()) {
        const answered = await call(t, 'POST', '/api/attempt-quiz/', student.token, { student: student.studentId, quiz: q.id, question: q.questions[i], right_ans: text });
        expect(answered.statusCode).toBe(201);
      }
    };
    await take(open, WRONG, '2026-03-02T08:00:00Z');
    await take(exam, WRONG, '2026-03-02T08:10:00Z');
    // The trainer lowers the pass mark to 50 % and grants one more attempt: the first one stays failed at 100 %.
    expect((await call(t, 'PUT', `/api/teacher-quiz-detail/${exam.id}`, teacher.token, { title: 'Évaluation finale B0', pass_mark: 50 })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/quiz-grant-attempt/${exam.id}/${student.studentId}`, teacher.token)).statusCode).toBe(201);
    await take(exam, HALF, '2026-03-02T08:20:00Z');
    await take(oral, WRONG, '2026-03-02T08:30:00Z');
    t.clock.set(new Date('2026-03-02T09:00:00Z'));
    expect((await call(t, 'POST', `/api/quiz-validate/${oral.id}/${student.studentId}`, teacher.token, { category: 'evaluation-orale', reason: 'Consignes restituées à l’oral, grille signée.' })).statusCode).toBe(201);
    t.clock.release();

    const transcript = await call(t, 'GET', `/api/evidence/students/${student.studentId}/courses/${course.courseId}/transcript/`, teacher.token);
    expect(transcript.statusCode).toBe(200);
    const verdicts = transcript.json().quiz_attempts.map((a: Record<string, unknown>) => [a.quiz_title, a.attempt, a.correct, a.passed, a.pass_mark, a.closed_by, a.validated_by_trainer_at]);
    expect(verdicts).toEqual([
      ['Quiz de découverte', 1, 0, true, null, 'answers', null],
      ['Évaluation finale B0', 1, 0, false, 100, 'answers', null],
      ['Évaluation finale B0', 2, 1, true, 50, 'answers', null],
      ['Évaluation des consignes', 1, 0, false, 100, 'answers', '2026-03-02T09:00:00.000Z'],
    ]);
    // The learner reads the same.
    const own = await call(t, 'GET', `/api/evidence/me/courses/${course.courseId}/transcript/`, student.token);
    expect(own.json().quiz_attempts.map((a: { passed: boolean; pass_mark: number | null }) => [a.passed, a.pass_mark])).toEqual([[true, null], [false, 100], [true, 50], [false, 100]]);

    // The dossier de preuves: the PDF a person reads and the workbook say it in words.
    const generated = await call(t, 'POST', `/api/evidence/students/${student.studentId}/courses/${course.courseId}/dossier/`, admin.token);
    expect(generated.statusCode).toBe(201);
    const download = await call(t, 'GET', generated.json().download_url, admin.token);
    expect(download.statusCode).toBe(200);
    const entries = await unzip(download.rawPayload);
    const pdf = await getDocumentProxy(new Uint8Array(entries.get('releve-de-formation.pdf')!));
    const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    for (const expected of [
      'Quiz de découverte — tentative 1 : 0 / 2 bonnes réponses — Terminée, sans seuil',
      'Évaluation finale B0 — tentative 1 : 0 / 2 bonnes réponses — Non réussie (seuil 100 %)',
      'Évaluation finale B0 — tentative 2 : 1 / 2 bonnes réponses — Réussie (seuil 50 %)',
      'Quiz validé à la main par le formateur le 02/03/2026',
    ]) {
      expect(text).toContain(expected);
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(entries.get('releve-de-formation.xlsx')! as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Quiz')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    expect(column('Résultat de la tentative')).toBeGreaterThan(0);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    const byAttempt = new Map(rows.map((r) => [`${r.getCell(column('Quiz')).value} ${r.getCell(column('Tentative')).value}`, [r.getCell(column('Résultat de la tentative')).value, r.getCell(column('Seuil (%)')).value]]));
    expect(Object.fromEntries(byAttempt)).toEqual({
      'Quiz de découverte 1': ['Terminée, sans seuil', null],
      'Évaluation finale B0 1': ['Non réussie (seuil 100 %)', 100],
      'Évaluation finale B0 2': ['Réussie (seuil 50 %)', 50],
      'Évaluation des consignes 1': ['Non réussie (seuil 100 %)', 100],
    });
  });

  it('says « temps écoulé » for an attempt closed by its time limit, and « en cours » while one is under way', async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const timed = await quiz(teacher, 'Quiz chronométré', { pass_mark: 50, time_limit: 10 });
    const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Chrono', contentType: 'quiz', duration: 0, quizId: timed.id }] });
    await givenEnrolled(t, student, course);
    t.clock.set(new Date('2026-03-02T08:00:00Z'));
    expect((await call(t, 'GET', `/api/quiz-questions/${timed.id}/1`, student.token)).statusCode).toBe(200);
    const verdict = async () => (await call(t, 'GET', `/api/evidence/me/courses/${course.courseId}/transcript/`, student.token)).json().quiz_attempts.map((a: Record<string, unknown>) => [a.attempt, a.passed, a.pass_mark, a.closed_by]);
    expect(await verdict()).toEqual([[1, null, null, null]]);
    t.clock.set(new Date('2026-03-02T08:11:00Z'));
    const late = await call(t, 'POST', '/api/attempt-quiz/', student.token, { student: student.studentId, quiz: timed.id, question: timed.questions[0], right_ans: RIGHT[0] });
    expect(late.statusCode).toBe(409);
    expect(await verdict()).toEqual([[1, false, 50, 'time-limit']]);
    expect(await db.query(`select 1 from eventlog.event where event_type = 'QuizCompleted' and (payload->>'studentId')::int = $1`, [student.studentId])).toHaveLength(1);
  });
});
