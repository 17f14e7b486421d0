// Issue 22, item 3: a closed account (ADR 0015) leaves every list, picker and count of every role,
// and nothing is written to it any more: no message (a direct one is refused, a group one skips
// it), no homework, no follow-up, no enrolment, no e-mail (a real SMTP server is watched); an erased account's
// `…@invalid` address is never mailed. The admin's record of the student still answers, closed.
import { Database } from '../../../platform/database/database.js';
import { MailService } from '../../../platform/mail/mail.service.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAdmin } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { policyCaughtUp } from '../application/testing/policy-checkpoint.js';

let t: TestApp;
let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: GivenAdmin;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const CLOSED_FOR_MESSAGES = 'Ce compte est clôturé : il ne peut plus recevoir de messages.';
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
const messagesOf = (teacherId: number, studentId: number) =>
  db.query('select m.id from tutoring.message m join tutoring.conversation c on c.id = m.conversation_id where c.teacher_id = $1 and c.student_id = $2', [teacherId, studentId]);

/** A trainer and their course, two students enrolled in it (so followed by the trainer); the second student's account then closed. */
async function world() {
  const [teacher, open, closed] = await Promise.all([givenTeacher(t), givenStudent(t), givenStudent(t)]);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  await givenEnrolled(t, open, course);
  await givenEnrolled(t, closed, course);
  await policyCaughtUp(db, 'tutoring.follow-course-trainer', 'StudentEnrolled');
  const quiz = (await call(t, 'POST', '/api/quiz/', teacher.token, { teacher: teacher.teacherId, title: 'Quiz du cours', detail: '' })).json();
  const question = (await call(t, 'POST', `/api/quiz-questions/${quiz.id}`, teacher.token, { questions: '2 + 2 ?', ans1: '3', ans2: '4', ans3: '5', ans4: '22', right_ans: '4' })).json();
  await call(t, 'POST', '/api/quiz-assign-course/', teacher.token, { teacher: teacher.teacherId, course: course.courseId, quiz: quiz.id });
  for (const student of [open, closed]) {
    const answered = await call(t, 'POST', '/api/attempt-quiz/', student.token, { student: student.studentId, quiz: quiz.id, question: question.id, right_ans: '4' });
    expect(answered.statusCode).toBe(201);
  }
  await eventually(async () => expect((await call(t, 'GET', `/api/attempted-quiz/${quiz.id}`, teacher.token)).json()).toHaveLength(2), 10_000);
  await eventually(async () => {
    expect((await call(t, 'GET', `/api/formateur/dashboard/${teacher.teacherId}/`, teacher.token)).json()).toMatchObject({ total_formateur_students: 2 });
  }, 10_000);
  const removal = await call(t, 'DELETE', `/api/admin/students/${closed.studentId}/`, admin.token);
  expect([removal.statusCode, removal.json().mode]).toEqual([200, 'close']);
  return { teacher, open, closed, course, quiz };
}

describe('a closed student', () => {
  it('leaves the trainer’s students and their count, the dashboards, the course’s students, a quiz’s results and the admin’s lists and pickers', async () => {
    const before = (await call(t, 'GET', `/api/admin/dashboard/${admin.adminId}`, admin.token)).json().total_students as number;
    const { teacher, open, closed, course, quiz } = await world();

    const mine = (await call(t, 'GET', `/api/assigned-students/${teacher.teacherId}/`, teacher.token)).json();
    expect(mine.map((s: { id: number }) => s.id)).toEqual([open.studentId]);
    expect((await call(t, 'GET', `/api/assigned-students/${teacher.teacherId}/`, admin.token)).json()).toHaveLength(1);
    await eventually(async () => {
      expect((await call(t, 'GET', `/api/formateur/dashboard/${teacher.teacherId}/`, teacher.token)).json()).toMatchObject({ total_formateur_students: 1 });
      // Two students created, one closed: the admin's total counts one more than before.
      expect((await call(t, 'GET', `/api/admin/dashboard/${admin.adminId}`, admin.token)).json().total_students).toBe(before + 1);
    }, 10_000);
    const enrolled = (await call(t, 'GET', `/api/fetch-enrolled-students/${course.courseId}`, teacher.token)).json();
    expect(enrolled.map((e: { student: { id: number } }) => e.student.id)).toEqual([open.studentId]);
    for (const which of ['assigned', 'unassigned']) {
      const page = (await call(t, 'GET', `/api/formateur/${teacher.teacherId}/students/${which}?search=${encodeURIComponent(closed.fullname)}`, admin.token)).json();
      expect(page.results.map((s: { id: number }) => s.id)).not.toContain(closed.studentId);
    }
    const records = (await call(t, 'GET', '/api/admin/students/full-data', admin.token)).json();
    expect(records.map((s: { id: number }) => s.id)).toContain(open.studentId);
    expect(records.map((s: { id: number }) => s.id)).not.toContain(closed.studentId);
    // The audit's exception: the admin's record of the student still answers, closed.
    const attempts = (await call(t, 'GET', `/api/attempted-quiz/${quiz.id}`, teacher.token)).json();
    expect(attempts.map((a: { student: { id: number } }) => a.student.id)).toEqual([open.studentId]);
    const detail = await call(t, 'GET', `/api/admin/students/${closed.studentId}/`, admin.token);
    expect([detail.statusCode, typeof detail.json().closed_at]).toEqual([200, 'string']);
  });

  it('is sent no message (a direct one refused, a group one skipping them), no homework, no follow-up, no enrolment, and no e-mail', async () => {
    const { teacher, open, closed } = await world();
    const direct = await call(t, 'POST', `/api/send-message/${teacher.teacherId}/${closed.studentId}`, teacher.token, { msg_to: 'Bonjour Marc', msg_from: 'formateur' });
    expect([direct.statusCode, direct.json().message]).toEqual([409, CLOSED_FOR_MESSAGES]);

    const group = await call(t, 'POST', `/api/send-group-message/${teacher.teacherId}`, teacher.token, { msg_to: 'Bonjour à tous', msg_from: 'formateur' });
    expect([group.statusCode, group.json().recipients]).toEqual([201, 1]);
    expect(await messagesOf(teacher.teacherId, closed.studentId)).toEqual([]);
    expect(await messagesOf(teacher.teacherId, open.studentId)).toHaveLength(1);

    const homework = await call(t, 'POST', `/api/student-assignment/${teacher.teacherId}/${closed.studentId}`, teacher.token, { title: 'Exercice', detail: 'Page 3' });
    expect([homework.statusCode, homework.json().message]).toEqual([409, 'Ce compte est clôturé : il ne peut plus recevoir de devoirs.']);
    expect(await db.query('select 1 from tutoring.homework where student_id = $1', [closed.studentId])).toEqual([]);

    const other = await givenTeacher(t);
    const follow = await call(t, 'POST', `/api/formateur/${other.teacherId}/assign-student`, admin.token, { student_id: closed.studentId });
    expect([follow.statusCode, follow.json().message]).toEqual([409, "Ce compte est clôturé : il ne peut plus être suivi ni suivre d'étudiant."]);
    expect(await db.query('select 1 from tutoring.tutorship where teacher_id = $1', [other.teacherId])).toEqual([]);

    const another = await givenCourse(t, { teacherId: other.teacherId });
    const enrol = await call(t, 'POST', '/api/student-enroll-course/', admin.token, { student: closed.studentId, course: another.courseId });
    expect([enrol.statusCode, enrol.json().message]).toEqual([409, 'Ce compte est clôturé : il ne peut plus être inscrit à un cours.']);
    expect(await db.query('select 1 from enrolment.student_course where course_id = $1', [another.courseId])).toEqual([]);

    // The open student's notice goes out through SMTP; the closed one's address receives nothing.
    await eventually(async () => expect(mailsTo(open.email)).toHaveLength(1), 10_000);
    expect(mailsTo(closed.email)).toEqual([]);
  });
});

describe('a closed trainer', () => {
  it('leaves their students’ trainers, follows nobody new who enrols in their course, and is sent nothing', async () => {
    const [teacher, student, newcomer] = await Promise.all([givenTeacher(t), givenStudent(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, student, course);
    await policyCaughtUp(db, 'tutoring.follow-course-trainer', 'StudentEnrolled');
    expect((await call(t, 'GET', `/api/fetch-my-teachers/${student.studentId}`, student.token)).json()).toHaveLength(1);

    const removal = await call(t, 'DELETE', `/api/formateur/${teacher.teacherId}/`, admin.token);
    expect([removal.statusCode, removal.json().mode]).toEqual([200, 'close']);
    expect((await call(t, 'GET', `/api/fetch-my-teachers/${student.studentId}`, student.token)).json()).toEqual([]);
    const message = await call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}`, student.token, { msg_to: 'Bonjour', msg_from: 'student' });
    expect([message.statusCode, message.json().message]).toEqual([409, CLOSED_FOR_MESSAGES]);

    await givenEnrolled(t, newcomer, course);
    await policyCaughtUp(db, 'tutoring.follow-course-trainer', 'StudentEnrolled');
    expect(await db.query('select 1 from tutoring.tutorship where student_id = $1', [newcomer.studentId])).toEqual([]);
    expect(mailsTo(teacher.email)).toEqual([]);
  });
});

describe('an erased account’s address', () => {
  it('is never mailed (the reserved domain `invalid`)', async () => {
    const mail = t.app.get(MailService);
    expect(await mail.sendSafely({ to: 'supprime-42@invalid', subject: 'Nouveau message', text: 'Bonjour' })).toBe(false);
    expect(await mail.sendSafely({ to: 'quelqu.un@exemple.fr', subject: 'Nouveau message', text: 'Bonjour' })).toBe(true);
    await eventually(async () => expect(mailsTo('quelqu.un@exemple.fr')).toHaveLength(1), 10_000);
    expect(smtp.mails.filter((m) => m.to.some((to) => to.endsWith('@invalid')))).toEqual([]);
  });
});
