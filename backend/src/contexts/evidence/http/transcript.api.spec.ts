// The learner's transcript (issue 26 item 5, ADR 0034): a course played through the API (beats on
// two days, a validated step, a quiz attempt, a SCORM commit, homework, an exchange of messages),
// then read by the learner, the course's trainer and an admin, each figure checked against what
// the test recorded; refusals for everyone else, a closed account marked for admins.
import { randomUUID } from 'node:crypto';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenFollowing, givenStudent, givenTeacher, scormForm } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { SUPPORT_NOTE, TRANSCRIPT_MESSAGES } from '../application/get-transcript.query.js';

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

/** Monday 2 March 2026, 09:00 in Paris. */
const T0 = Date.parse('2026-03-02T08:00:00Z');
const at = (ms: number) => new Date(ms);

/** A course of a text chapter and a SCORM 2004 chapter, its quiz assigned; a student enrolled and followed by its trainer. */
async function world() {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, {
    teacherId: teacher.teacherId,
    title: 'Gestes et postures au travail',
    chapters: [{ title: 'Les bons gestes', contentType: 'text', duration: 0, textContent: 'Plier les genoux, garder le dos droit.' }],
  });
  const added = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, scormForm({ title: 'Module interactif', content_type: 'scorm', duration: 600, declared_minutes: 20 }, await buildScormPackage('scorm2004')));
  expect(added.statusCode).toBe(201);
  const [text] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [course.courseId]);
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course);
  await givenFollowing(t, teacher, student);
  return { teacher, course, student, textChapter: text!.id, scormChapter: added.json().id as number };
}

const transcriptUrl = (studentId: number, courseId: number) => `/api/evidence/students/${studentId}/courses/${courseId}/transcript/`;

describe('the transcript (relevé de formation)', () => {
  it('shows each section with the figures the test recorded, to the learner, the course’s trainer and an admin', async () => {
    const { teacher, course, student, textChapter, scormChapter } = await world();
    const admin = await givenAdmin(t);
    const progress = (body: Record<string, unknown>) => call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: course.courseId, content_type: 'text', chapter: textChapter, ...body });
    const beat = (seq: number, ms: number, active: boolean) => ({ seq, at: ms, visible: true, focused: active, playing: false, last_input_at: active ? ms : null });

    // Day 1: one session of four beats, each received 30 s after the other: 90 s connected, 60 s active (the third beat unfocused).
    const first = randomUUID();
    for (const [i, active] of [true, true, false, true].entries()) {
      t.clock.set(at(T0 + i * 30_000));
      expect((await progress({ session_id: first, beats: [beat(i + 1, T0 + i * 30_000, active)] })).statusCode).toBe(201);
    }
    t.clock.set(at(T0 + 100_000));
    expect((await progress({ validated: true })).json()).toMatchObject({ validated: true, rule: 'text-finish-after-open' });

    // Day 2 (the next day): a session of two beats 45 s apart.
    const T1 = T0 + 86_400_000;
    const second = randomUUID();
    t.clock.set(at(T1));
    await progress({ session_id: second, beats: [beat(1, T1, true)] });
    t.clock.set(at(T1 + 45_000));
    await progress({ session_id: second, beats: [beat(2, T1 + 45_000, true)] });

    // A SCORM commit on the module: completed, passed, a score and one interaction.
    t.clock.set(at(T1 + 60_000));
    const committed = await call(t, 'POST', '/api/scorm-progress/', student.token, {
      student: student.studentId, course: course.courseId, chapter: scormChapter, session_id: randomUUID(), seq: 1, final: true,
      cmi_data: { completion_status: 'completed', success_status: 'passed', score_raw: '85', score_min: '0', score_max: '100', score_scaled: '0.85', session_time: 'PT2M', interactions: [{ id: 'q1', type: 'choice', learner_response: 'b', result: 'correct' }] },
    });
    expect(committed.json()).toMatchObject({ outcome: 'applied' });

    // A quiz assigned to the course, one right and one wrong answer.
    const quiz = (await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Quiz postures', detail: 'Deux questions' })).json();
    const q1 = (await call(t, 'POST', `/api/quiz-questions/${quiz.id}`, teacher.token, { questions: 'Dos droit ?', ans1: 'Oui', ans2: 'Non', ans3: 'Parfois', ans4: 'Jamais', right_ans: 'Oui' })).json();
    const q2 = (await call(t, 'POST', `/api/quiz-questions/${quiz.id}`, teacher.token, { questions: 'Genoux pliés ?', ans1: 'Oui', ans2: 'Non', ans3: 'Parfois', ans4: 'Jamais', right_ans: 'Oui' })).json();
    expect((await call(t, 'POST', '/api/quiz-assign-course/', teacher.token, { teacher: teacher.teacherId, course: course.courseId, quiz: quiz.id })).statusCode).toBe(201);
    for (const [question, answer] of [[q1.id, 'Oui'], [q2.id, 'Jamais']]) {
      expect((await call(t, 'POST', '/api/attempt-quiz/', student.token, { student: student.studentId, quiz: quiz.id, question, right_ans: answer })).statusCode).toBeLessThan(300);
    }

    // Homework given and done; a question from the learner, answered two hours later.
    t.clock.set(at(T1 + 3_600_000));
    const homework = await call(t, 'POST', `/api/student-assignment/${teacher.teacherId}/${student.studentId}/`, teacher.token, { title: 'Fiche de poste', detail: 'Décrire trois gestes à risque.' });
    expect(homework.statusCode).toBe(201);
    expect((await call(t, 'PUT', `/api/update-assignments/${homework.json().id}/`, student.token, { student_status: true })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}/`, student.token, { msg_from: 'student', msg_to: 'Je ne comprends pas la question 2.' })).statusCode).toBe(201);
    t.clock.set(at(T1 + 3 * 3_600_000));
    expect((await call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}/`, teacher.token, { msg_from: 'formateur', msg_to: 'Relisez la fiche 3, puis réessayez.' })).statusCode).toBe(201);
    // A group message to every student the trainer follows is not a reply: no delay.
    t.clock.set(at(T1 + 4 * 3_600_000));
    expect((await call(t, 'POST', `/api/send-group-message/${teacher.teacherId}/`, teacher.token, { msg_from: 'formateur', msg_to: 'Classe virtuelle jeudi à 14 h.' })).statusCode).toBe(201);
    // The quiz started afresh: a second attempt, the first one kept.
    expect((await call(t, 'DELETE', `/api/reset-quiz-attempts/${quiz.id}/${student.studentId}/`, student.token)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/attempt-quiz/', student.token, { student: student.studentId, quiz: quiz.id, question: q1.id, right_ans: 'Oui' })).statusCode).toBeLessThan(300);
    t.clock.release();

    const read = await call(t, 'GET', `/api/evidence/me/courses/${course.courseId}/transcript/`, student.token);
    expect(read.statusCode).toBe(200);
    const view = read.json();
    expect(view.student).toEqual({ id: student.studentId, fullname: expect.any(String), closed: false, closed_at: null });
    expect(view.course).toMatchObject({ id: course.courseId, title: 'Gestes et postures au travail', archived: false, trainer: { id: teacher.teacherId, full_name: expect.any(String) } });
    expect(view.method).toMatchObject({ version: 'v1' });
    expect(view.summary).toMatchObject({ connected_seconds: 135, active_seconds: 105, steps_total: 2, first_access: at(T0).toISOString() });
    expect(Date.parse(view.summary.last_access)).toBeGreaterThanOrEqual(T1 + 60_000);
    // The connection log by day (Europe/Paris), each session dated by the server's clock.
    expect(view.connections.map((d: { day: string; connected_seconds: number; active_seconds: number; sessions: unknown[] }) => [d.day, d.connected_seconds, d.active_seconds, d.sessions.length])).toEqual([
      ['2026-03-02', 90, 60, 1],
      ['2026-03-03', 45, 45, 1],
    ]);
    expect(view.connections[0].sessions[0]).toEqual({ session_id: first, started_at: at(T0).toISOString(), ended_at: at(T0 + 90_000).toISOString(), beats: 4, connected_seconds: 90, active_seconds: 60 });
    // Per step: time, validation with its rule, the duration the trainer declared (none on the text chapter, 20 min on the module).
    const [textStep, scormStep] = view.steps;
    expect(textStep).toMatchObject({ kind: 'chapter', step_id: textChapter, title: 'Les bons gestes', connected_seconds: 135, active_seconds: 105, sessions: 2, rule: 'text-finish-after-open', validated_at: at(T0 + 100_000).toISOString(), declared_minutes: null });
    expect(scormStep).toMatchObject({ kind: 'chapter', step_id: scormChapter, title: 'Module interactif', content_type: 'scorm', declared_minutes: 20 });
    // SCORM: the SCO's standing, score, time and interactions.
    expect(view.scorm).toEqual([expect.objectContaining({
      chapter_id: scormChapter, chapter_title: 'Module interactif', attempt: 1, commits: 1, completion_status: 'completed', success_status: 'passed',
      score_raw: '85', score_scaled: '0.85', total_seconds: 120, interactions: [expect.objectContaining({ id: 'q1', learner_response: 'b', result: 'correct' })],
    })]);
    // The quiz attempt with its answers and score.
    expect(view.quiz_attempts).toEqual([
      expect.objectContaining({ quiz_id: quiz.id, quiz_title: 'Quiz postures', attempt: 1, answered: 2, correct: 1, total: 2 }),
      expect.objectContaining({ quiz_id: quiz.id, attempt: 2, answered: 1, correct: 1, total: 2, completed_at: null }),
    ]);
    expect(view.quiz_attempts[0].answers.map((a: { question: string; chosen: string; correct: boolean }) => [a.question, a.chosen, a.correct])).toEqual([['Dos droit ?', 'Oui', true], ['Genoux pliés ?', 'Jamais', false]]);
    // Homework and the assistance log: who wrote, when, the trainer's response delay.
    expect(view.homework).toEqual([expect.objectContaining({ title: 'Fiche de poste', done: true, given_at: at(T1 + 3_600_000).toISOString(), trainer: expect.objectContaining({ id: teacher.teacherId }) })]);
    expect(view.messages.map((m: { sender: string; body: string; response_seconds: number | null }) => [m.sender, m.body, m.response_seconds])).toEqual([
      ['student', 'Je ne comprends pas la question 2.', null],
      ['teacher', 'Relisez la fiche 3, puis réessayez.', 7200],
      ['teacher', 'Classe virtuelle jeudi à 14 h.', null],
    ]);
    expect(view.messages.map((m: { group: boolean }) => m.group)).toEqual([false, false, true]);
    expect(view.support).toEqual({ recorded: true, note: SUPPORT_NOTE, requests: [] });

    // The same transcript for the course's trainer and an admin (only the instant of composition differs).
    const same = ({ generated_at: _, ...rest }: Record<string, unknown>) => rest;
    for (const reader of [student, teacher, admin]) {
      const other = await call(t, 'GET', transcriptUrl(student.studentId, course.courseId), reader.token);
      expect(other.statusCode).toBe(200);
      expect(same(other.json())).toEqual(same(view));
    }
    // Reading writes nothing to the log.
    const [events] = await db.query<{ n: number }>("select count(*)::int as n from eventlog.event where event_type ilike '%transcript%'");
    expect(events!.n).toBe(0);
  }, 120_000);

  it('refuses everyone else, and answers 404 for a course or a student with no transcript, in French', async () => {
    const { course, student } = await world();
    const [otherStudent, otherTeacher] = await Promise.all([givenStudent(t), givenTeacher(t)]);
    const admin = await givenAdmin(t);
    const url = transcriptUrl(student.studentId, course.courseId);
    expect((await call(t, 'GET', url)).statusCode).toBe(401);
    for (const token of [otherStudent.token, otherTeacher.token]) {
      const refused = await call(t, 'GET', url, token);
      expect([refused.statusCode, refused.json().message]).toEqual([403, "Vous n'avez pas accès à cette ressource."]);
    }
    // A student not enrolled in the course, a course that does not exist, ids that are not ids.
    const notEnrolled = await call(t, 'GET', transcriptUrl(otherStudent.studentId, course.courseId), admin.token);
    expect([notEnrolled.statusCode, notEnrolled.json().message]).toEqual([404, TRANSCRIPT_MESSAGES.noTranscript]);
    expect((await call(t, 'GET', `/api/evidence/me/courses/${course.courseId}/transcript/`, otherStudent.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', transcriptUrl(student.studentId, 999_999), admin.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', transcriptUrl(999_999, course.courseId), admin.token)).json().message).toBe(TRANSCRIPT_MESSAGES.studentNotFound);
    for (const bad of ['abc', '-1', '1e3', '0']) {
      const answer = await call(t, 'GET', `/api/evidence/students/${bad}/courses/${course.courseId}/transcript/`, admin.token);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json().message).toMatch(/identifiant invalide/);
    }
    // The trainer's role may not use the learner's own variant.
    expect((await call(t, 'GET', `/api/evidence/me/courses/${course.courseId}/transcript/`, otherTeacher.token)).statusCode).toBe(403);
  }, 60_000);

  it('keeps a closed account’s transcript for admins, marked closed, and an unenrolled learner’s once they started', async () => {
    const { teacher, course, student, textChapter } = await world();
    const admin = await givenAdmin(t);
    const now = Date.now();
    await call(t, 'POST', '/api/progress/', student.token, {
      student: student.studentId, course: course.courseId, content_type: 'text', chapter: textChapter, session_id: randomUUID(),
      beats: [{ seq: 1, at: now, visible: true, focused: true, playing: false, last_input_at: now }],
    });
    expect((await call(t, 'DELETE', `/api/admin/students/${student.studentId}/`, admin.token)).json()).toMatchObject({ mode: 'close' });
    const read = await call(t, 'GET', transcriptUrl(student.studentId, course.courseId), admin.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().student).toMatchObject({ id: student.studentId, closed: true, closed_at: expect.any(String) });
    expect(read.json().steps[0]).toMatchObject({ step_id: textChapter, sessions: 1 });
    // A closed account leaves the trainer's lists (ADR 0015): their transcript is the admins'.
    expect((await call(t, 'GET', transcriptUrl(student.studentId, course.courseId), teacher.token)).statusCode).toBe(404);
  }, 60_000);
});
