// The bell (issue 30 item 1, docs/adr/0046) on the real application and PostgreSQL: each kind of
// event reaches its recipient and nobody else, the count and the list read the projection, opening
// marks as seen (monotonic, idempotent), and every refusal is in French and changes nothing.
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenFollowing, givenStudent, givenTeacher, type GivenAccount } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { AddQuestion, CreateQuiz } from '../../assessment/testing.js';
import { BAD_POSITION, BEYOND_LATEST } from '../domain/notification-inbox.aggregate.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

interface Item {
  position: number;
  kind: string;
  unread: boolean;
  student_id: number | null;
  student_name: string | null;
  teacher_id: number | null;
  teacher_name: string | null;
  course_id: number | null;
  course_title: string | null;
  subject_id: number | null;
  score: number | null;
  total: number | null;
}

const count = async (who: GivenAccount) => {
  const response = await call(t, 'GET', '/api/notifications/count', who.token);
  expect(response.statusCode).toBe(200);
  return response.json() as { unread: number; seen_up_to: number };
};
const list = async (who: GivenAccount) => {
  const response = await call(t, 'GET', '/api/notifications', who.token);
  expect(response.statusCode).toBe(200);
  return response.json() as { items: Item[]; unread: number; seen_up_to: number; latest: number };
};
const seen = (who: GivenAccount, body: unknown) => call(t, 'PUT', '/api/notifications/seen', who.token, body as object);

async function world() {
  const [teacher, otherTeacher, student, other] = await Promise.all([givenTeacher(t), givenTeacher(t), givenStudent(t), givenStudent(t)]);
  await givenFollowing(t, teacher, student);
  await givenFollowing(t, teacher, other);
  return { teacher, otherTeacher, student, other };
}

describe('the bell', () => {
  it('a trainer’s message and homework reach the student, the student’s reply and completion the trainer, nobody else', async () => {
    const { teacher, otherTeacher, student, other } = await world();
    expect(await count(student)).toEqual({ unread: 0, seen_up_to: 0 });

    const sent = await call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}`, teacher.token, { msg_to: 'Bonjour, où en êtes-vous ?', msg_from: 'formateur' });
    expect(sent.statusCode).toBeLessThan(300);
    const given = await call(t, 'POST', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, teacher.token, { title: 'Lire le chapitre 2', detail: 'Et résumer.' });
    expect(given.statusCode).toBe(201);
    const assignmentId = given.json().id as number;

    await eventually(async () => expect((await count(student)).unread).toBe(2));
    const mine = await list(student);
    expect(mine.items.map((i) => [i.kind, i.unread, i.teacher_id, i.teacher_name])).toEqual([
      ['homework_given', true, teacher.teacherId, teacher.details.fullName],
      ['message', true, teacher.teacherId, teacher.details.fullName],
    ]);
    expect(mine.items[0].subject_id).toBe(assignmentId);
    expect(JSON.stringify(mine)).not.toContain('chapitre 2');
    expect(JSON.stringify(mine)).not.toContain('Bonjour');
    expect(mine.latest).toBe(mine.items[0].position);

    // Nobody else: the other student, the trainer who sent, another trainer.
    for (const who of [other, teacher, otherTeacher]) expect(await count(who)).toEqual({ unread: 0, seen_up_to: 0 });

    const replied = await call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}`, student.token, { msg_to: 'Ça avance.', msg_from: 'student' });
    expect(replied.statusCode).toBeLessThan(300);
    const done = await call(t, 'PUT', `/api/update-assignments/${assignmentId}`, student.token, { student_status: true });
    expect(done.statusCode).toBe(200);
    await eventually(async () => expect((await count(teacher)).unread).toBe(2));
    const theirs = await list(teacher);
    expect(theirs.items.map((i) => [i.kind, i.student_id, i.student_name])).toEqual([
      ['homework_completed', student.studentId, student.fullname],
      ['message', student.studentId, student.fullname],
    ]);
    expect(await count(otherTeacher)).toEqual({ unread: 0, seen_up_to: 0 });
    expect((await count(student)).unread).toBe(2);
  });

  it('opening the bell marks what it showed as seen: monotonic, idempotent, the newer ones stay unread, and an event records it', async () => {
    const { teacher, student } = await world();
    const send = (text: string) => call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}`, teacher.token, { msg_to: text, msg_from: 'formateur' });
    await send('Premier');
    await send('Deuxième');
    await eventually(async () => expect((await count(student)).unread).toBe(2));
    const shown = await list(student);

    const marked = await seen(student, { up_to: shown.latest });
    expect([marked.statusCode, marked.json()]).toEqual([200, { unread: 0, seen_up_to: shown.latest }]);
    // A second tab marking the same or an older position: nothing moves back, no second event.
    expect((await seen(student, { up_to: shown.latest })).json()).toEqual({ unread: 0, seen_up_to: shown.latest });
    expect((await seen(student, { up_to: shown.items[1].position })).json()).toEqual({ unread: 0, seen_up_to: shown.latest });
    const events = await db.query<{ payload: unknown; stream_id: string }>(`select payload, stream_id from eventlog.event where event_type = 'NotificationsSeen' and stream_id = $1`, [String(student.accountId)]);
    expect(events).toEqual([{ payload: { accountId: student.accountId, upTo: shown.latest }, stream_id: String(student.accountId) }]);
    expect((await list(student)).items.every((i) => !i.unread)).toBe(true);

    await send('Troisième');
    await eventually(async () => expect((await count(student)).unread).toBe(1));
    expect((await list(student)).items.map((i) => i.unread)).toEqual([true, false, false]);
    // The trainer's own bell is untouched by the student's mark.
    expect((await count(teacher)).seen_up_to).toBe(0);
  });

  it('refuses a bad or future position in French, and a visitor, changing nothing', async () => {
    const { teacher, student } = await world();
    await call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}`, teacher.token, { msg_to: 'Bonjour', msg_from: 'formateur' });
    await eventually(async () => expect((await count(student)).unread).toBe(1));
    const { latest } = await list(student);
    for (const body of [{}, { up_to: 'abc' }, { up_to: -1 }, { up_to: 1.5 }, { up_to: '5' }]) {
      const refused = await seen(student, body);
      expect([refused.statusCode, refused.json().message]).toEqual([400, BAD_POSITION]);
    }
    const future = await seen(student, { up_to: latest + 1_000_000 });
    expect([future.statusCode, future.json().message]).toEqual([400, BEYOND_LATEST]);
    expect(await count(student)).toEqual({ unread: 1, seen_up_to: 0 });
    expect(await db.query(`select 1 from notifications.inbox where account_id = $1`, [student.accountId])).toEqual([]);

    for (const [method, url] of [['GET', '/api/notifications/count'], ['GET', '/api/notifications'], ['PUT', '/api/notifications/seen']] as const) {
      expect((await call(t, method, url, undefined, method === 'PUT' ? { up_to: 0 } : undefined)).statusCode).toBe(401);
    }
  });

  it('a support request reaches the admins and the course’s trainer only, its answer the learner; a trainer’s registration the admins', async () => {
    const { teacher, otherTeacher, student, other } = await world();
    const admin = await givenAdmin(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, student, course);
    const opened = await call(t, 'POST', '/api/support-requests', student.token, { request_key: randomUUID(), category: 'video', course_id: course.courseId, message: 'La vidéo reste noire.' });
    expect(opened.statusCode).toBe(201);
    const requestId = opened.json().id as number;
    await eventually(async () => expect((await count(teacher)).unread).toBe(1));
    expect((await list(teacher)).items[0]).toMatchObject({ kind: 'support_opened', subject_id: requestId, course_id: course.courseId, course_title: course.title, student_name: student.fullname });
    expect((await list(admin)).items.find((i) => i.kind === 'support_opened' && i.subject_id === requestId)).toBeDefined();
    expect(await count(otherTeacher)).toEqual({ unread: 0, seen_up_to: 0 });

    const answered = await call(t, 'POST', `/api/support-requests/${requestId}/answers`, admin.token, { message: 'Videz le cache.', answer_key: randomUUID() });
    expect(answered.statusCode).toBe(201);
    await eventually(async () => expect((await list(student)).items[0]).toMatchObject({ kind: 'support_answered', subject_id: requestId, course_title: course.title }));
    expect(await count(other)).toEqual({ unread: 0, seen_up_to: 0 });

    const email = `${randomUUID().slice(0, 8)}@formateur.test`;
    const registered = await call(t, 'POST', '/api/formateur-register/', undefined, { full_name: 'Jeanne Nouvelle', email, password: 'motdepasse-jeanne' });
    expect(registered.statusCode).toBeLessThan(300);
    const [row] = await db.query<{ teacher_id: number }>(`select (payload->>'teacherId')::int as teacher_id from eventlog.event where event_type = 'TeacherRegistered' order by position desc limit 1`);
    await eventually(async () => expect((await list(admin)).items.find((i) => i.kind === 'trainer_registered' && i.subject_id === row!.teacher_id)).toMatchObject({ teacher_name: 'Jeanne Nouvelle' }));
    for (const who of [teacher, otherTeacher]) expect((await list(who)).items.some((i) => i.kind === 'trainer_registered')).toBe(false);
  });

  it('a quiz result reaches the trainer who owns the course now, with the score', async () => {
    const { teacher, otherTeacher, student } = await world();
    const commands = t.app.get(CommandBus);
    const quizId = await commands.execute(new CreateQuiz(teacher.actor, teacher.teacherId, 'Quiz du cours', ''));
    await commands.execute(new AddQuestion(teacher.actor, quizId, { questions: 'Deux et deux ?', answers: ['3', '4', '5', '22'], rightAnswer: '4' }));
    const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Vérifier', contentType: 'quiz', duration: 0, quizId }] });
    await givenEnrolled(t, student, course);
    const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1', [course.courseId]);
    await call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: course.courseId, content_type: 'quiz', chapter: chapter!.id });
    const [question] = await db.query<{ id: number }>('select id from assessment.question where quiz_id = $1', [quizId]);
    const answered = await call(t, 'POST', '/api/attempt-quiz/', student.token, {
      student: student.studentId, quiz: quizId, question: question!.id, right_ans: '4', course: course.courseId, chapter: chapter!.id,
    });
    expect(answered.statusCode).toBe(201);
    await eventually(async () => expect((await list(teacher)).items[0]).toMatchObject({ kind: 'quiz_completed', subject_id: quizId, course_id: course.courseId, score: 1, total: 1, student_id: student.studentId }));
    expect(await count(otherTeacher)).toEqual({ unread: 0, seen_up_to: 0 });
    expect((await list(student)).items.some((i) => i.kind === 'quiz_completed')).toBe(false);
  });
});
