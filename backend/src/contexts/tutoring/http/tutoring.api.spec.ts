// Tutoring over HTTP: who follows whom (admins assign; an enrolment makes the course's trainer
// follow), messages between the two sides only, in their own names, kept as written with their
// hash in the log, e-mail to an absent recipient through a real SMTP server, homework, and the
// response-time and dashboard projections.
import { createHash } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import {
  call, givenAdmin, givenCourse, givenEnrolled, givenFollowing, givenStudent, givenTeacher, type GivenAdmin, type GivenStudent, type GivenTeacher,
} from '../../../testing/fixtures.js';
import { startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

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

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A trainer following a student, another student they do not follow, and another trainer. */
async function world() {
  const [teacher, student, other, stranger] = await Promise.all([givenTeacher(t), givenStudent(t), givenStudent(t), givenTeacher(t)]);
  await givenFollowing(t, teacher, student);
  return { teacher, student, other, stranger };
}

const send = (teacher: Pick<GivenTeacher, 'teacherId'>, student: Pick<GivenStudent, 'studentId'>, token: string, msg_to: unknown, msg_from?: string) =>
  call(t, 'POST', `/api/send-message/${teacher.teacherId}/${student.studentId}`, token, { msg_to, ...(msg_from ? { msg_from } : {}) });
const history = (teacher: Pick<GivenTeacher, 'teacherId'>, student: Pick<GivenStudent, 'studentId'>, token: string | undefined, after?: number) =>
  call(t, 'GET', `/api/get-message/${teacher.teacherId}/${student.studentId}${after === undefined ? '' : `?after=${after}`}`, token);
const events = (type: string, where: string, params: unknown[]) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = $1 and ${where} order by position`, [type, ...params]);

describe('who follows whom', () => {
  it('lets an admin assign a trainer to a student (twice: one link), list it both ways and remove it, keeping the exchanges', async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    for (let i = 0; i < 2; i++) {
      const assigned = await call(t, 'POST', '/api/student-assignment/', admin.token, { formateur: teacher.teacherId, student: student.studentId });
      expect([assigned.statusCode, assigned.json()]).toEqual([201, { bool: true }]);
    }
    expect(await events('TrainerAssignedToStudent', `(payload->>'studentId')::int = $2`, [student.studentId])).toHaveLength(1);
    const links = (await call(t, 'GET', `/api/student-assignment/${teacher.teacherId}/${student.studentId}/`, admin.token)).json();
    expect(links).toEqual([expect.objectContaining({ id: expect.any(Number), formateur: teacher.teacherId, student: student.studentId, origin: 'admin' })]);

    const mine = (await call(t, 'GET', `/api/fetch-my-teachers/${student.studentId}`, student.token)).json();
    expect(mine).toEqual([expect.objectContaining({ id: teacher.teacherId, full_name: teacher.details.fullName, email: teacher.email, unread: 0, calendly: null })]);
    expect((await call(t, 'GET', `/api/fetch-my-teachers/${student.studentId}`, admin.token)).json()).toHaveLength(1);
    const followed = (await call(t, 'GET', `/api/assigned-students/${teacher.teacherId}/`, teacher.token)).json();
    expect(followed).toEqual([expect.objectContaining({ id: student.studentId, email: student.email, unread: 0, pending_assignments: 0 })]);
    expect(followed[0].prenom.length).toBeGreaterThan(0);

    expect((await send(teacher, student, teacher.token, 'Bonjour, bienvenue !', 'formateur')).statusCode).toBe(201);
    expect((await call(t, 'DELETE', `/api/student-assignment/${teacher.teacherId}/${student.studentId}/`, admin.token)).json()).toEqual({ bool: true });
    const again = await call(t, 'DELETE', `/api/student-assignment/${teacher.teacherId}/${student.studentId}/`, admin.token);
    expect([again.statusCode, again.json().message]).toEqual([404, 'Aucune assignation trouvée']);
    expect((await call(t, 'GET', `/api/student-assignment/${teacher.teacherId}/${student.studentId}/`, admin.token)).json()).toEqual([]);
    expect((await call(t, 'GET', `/api/fetch-my-teachers/${student.studentId}`, student.token)).json()).toEqual([]);
    // The past exchange stays readable by both; no new one is possible.
    expect((await history(teacher, student, student.token)).json().map((m: { msg_to: string }) => m.msg_to)).toEqual(['Bonjour, bienvenue !']);
    expect((await send(teacher, student, student.token, 'Encore là ?', 'student')).statusCode).toBe(403);
  });

  it('pages the students a trainer follows and those they do not for the admin picker, and assigns from it', async () => {
    const teacher = await givenTeacher(t);
    const tag = `Picker${Date.now().toString(36)}`;
    const students = await Promise.all(Array.from({ length: 12 }, (_, i) => givenStudent(t, { fullname: `${tag} Élève ${String(i).padStart(2, '0')}` })));
    for (const s of students.slice(0, 11)) {
      expect((await call(t, 'POST', `/api/formateur/${teacher.teacherId}/assign-student/`, admin.token, { student_id: s.studentId })).statusCode).toBe(201);
    }
    const page1 = (await call(t, 'GET', `/api/formateur/${teacher.teacherId}/students/assigned/?page=1`, admin.token)).json();
    expect([page1.count, page1.results.length, page1.next !== null]).toEqual([11, 10, true]);
    const page2 = (await call(t, 'GET', `/api/formateur/${teacher.teacherId}/students/assigned/?page=2`, admin.token)).json();
    expect(page2.results).toHaveLength(1);
    const unassigned = (await call(t, 'GET', `/api/formateur/${teacher.teacherId}/students/unassigned/?search=${tag}`, admin.token)).json();
    expect(unassigned.results.map((s: { id: number }) => s.id)).toEqual([students[11]!.studentId]);
    expect((await call(t, 'DELETE', `/api/formateur/${teacher.teacherId}/unassign-student/${students[0]!.studentId}/`, admin.token)).json()).toEqual({ bool: true });
    expect((await call(t, 'GET', `/api/formateur/${teacher.teacherId}/students/assigned/?search=${tag}`, admin.token)).json().count).toBe(10);
    // "Mes Étudiants" on the trainer dashboard counts them (trainer-student projection).
    await eventually(async () => {
      expect((await call(t, 'GET', `/api/formateur/dashboard/${teacher.teacherId}/`, teacher.token)).json().total_formateur_students).toBe(10);
    });
  });

  it('refuses the admin calls to trainers and students, and the lists to other people', async () => {
    const { teacher, student, other, stranger } = await world();
    const adminOnly: [string, string, object?][] = [
      ['POST', '/api/student-assignment/', { formateur: teacher.teacherId, student: other.studentId }],
      ['DELETE', `/api/student-assignment/${teacher.teacherId}/${student.studentId}/`],
      ['GET', `/api/formateur/${teacher.teacherId}/students/assigned/`],
      ['GET', `/api/formateur/${teacher.teacherId}/students/unassigned/`],
      ['POST', `/api/formateur/${teacher.teacherId}/assign-student/`, { student_id: other.studentId }],
      ['DELETE', `/api/formateur/${teacher.teacherId}/unassign-student/${student.studentId}/`],
    ];
    for (const [method, url, body] of adminOnly) {
      for (const token of [teacher.token, student.token]) expect([method, url, (await call(t, method as never, url, token, body)).statusCode]).toEqual([method, url, 403]);
      expect([method, url, (await call(t, method as never, url, undefined, body)).statusCode]).toEqual([method, url, 401]);
    }
    expect((await call(t, 'GET', `/api/fetch-my-teachers/${student.studentId}`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/assigned-students/${teacher.teacherId}/`, stranger.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/student/dashboard/${student.studentId}/`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/formateur/${teacher.teacherId}/response-times/`, stranger.token)).statusCode).toBe(403);
    const unknown = await call(t, 'POST', '/api/student-assignment/', admin.token, { formateur: 999_999, student: student.studentId });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Formateur introuvable.']);
    expect(await db.query('select 1 from tutoring.tutorship where student_id = $1', [other.studentId])).toEqual([]);
  });

  it("makes the trainer of a course follow the students who enrol in it", async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, student, course);
    await eventually(async () => {
      const mine = (await call(t, 'GET', `/api/fetch-my-teachers/${student.studentId}`, student.token)).json();
      expect(mine.map((m: { id: number }) => m.id)).toEqual([teacher.teacherId]);
    });
    const [assigned] = await events('TrainerAssignedToStudent', `(payload->>'studentId')::int = $2`, [student.studentId]);
    expect(assigned!.payload).toMatchObject({ teacherId: teacher.teacherId, origin: 'enrolment', courseId: course.courseId });
  });
});

describe('messages', () => {
  it('carries messages both ways, kept as written (HTML included), with their hash and not their text in the log', async () => {
    const { teacher, student } = await world();
    const hostile = '<script>alert("x")</script> <b>gras</b>\nligne 2 — été 🎓';
    const sent = await send(teacher, student, student.token, hostile, 'student');
    expect([sent.statusCode, sent.json()]).toEqual([201, { bool: true, msg: 'Message envoyé.', id: expect.any(Number) }]);
    expect((await send(teacher, student, teacher.token, 'Réponse du formateur', 'formateur')).statusCode).toBe(201);

    const messages = (await history(teacher, student, teacher.token)).json();
    expect(messages).toEqual([
      { id: sent.json().id, msg_from: 'student', msg_to: hostile, msg_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/), group: false },
      expect.objectContaining({ msg_from: 'teacher', msg_to: 'Réponse du formateur' }),
    ]);
    expect((await history(teacher, student, admin.token)).json()).toHaveLength(2);
    expect((await history(teacher, student, student.token, sent.json().id)).json().map((m: { msg_to: string }) => m.msg_to)).toEqual(['Réponse du formateur']);

    const [event] = await events('MessageSent', `(payload->>'messageId')::int = $2`, [sent.json().id]);
    expect(event!.payload).toEqual({
      conversationId: expect.any(Number), messageId: sent.json().id, teacherId: teacher.teacherId, studentId: student.studentId, from: 'student',
      sha256: sha256(hostile), length: [...hostile].length, groupId: null,
    });
    const [stored] = await db.query<{ sha256: string; body: string }>('select sha256, body from tutoring.message where id = $1', [sent.json().id]);
    expect(stored).toEqual({ sha256: sha256(hostile), body: hostile });
    const raw = await db.query<{ n: number }>(`select count(*)::int as n from eventlog.event where payload::text like '%gras%' or metadata::text like '%gras%'`);
    expect(raw[0]!.n).toBe(0);
  });

  it('refuses another student, a trainer who does not follow, a message in someone else\'s name, blank and oversized text, changing nothing', async () => {
    const { teacher, student, other, stranger } = await world();
    const refusals: [Awaited<ReturnType<typeof send>>, number, string?][] = [
      [await send(teacher, student, other.token, 'Je lis chez les autres', 'student'), 403],
      [await send(stranger, student, stranger.token, 'Je ne vous suis pas', 'formateur'), 403],
      [await send(stranger, student, student.token, 'Vous ne me suivez pas', 'student'), 403],
      [await send(teacher, student, student.token, 'Je me fais passer pour le formateur', 'formateur'), 403, "Vous ne pouvez envoyer un message qu'en votre nom."],
      [await send(teacher, student, teacher.token, "Je me fais passer pour l'étudiant", 'student'), 403],
      [await send(teacher, student, student.token, '   \n\t ', 'student'), 400, "Veuillez saisir un message avant d'envoyer."],
      [await send(teacher, student, student.token, undefined, 'student'), 400, "Veuillez saisir un message avant d'envoyer."],
      [await send(teacher, student, student.token, 'x'.repeat(5001), 'student'), 400, 'Le message ne doit pas dépasser 5000 caractères.'],
      [await send(teacher, student, admin.token, 'Un administrateur ne discute pas', 'student'), 403],
    ];
    for (const [index, [response, status, message]] of refusals.entries()) {
      expect([index, response.statusCode]).toEqual([index, status]);
      if (message) expect(response.json().message).toBe(message);
    }
    expect((await history(teacher, student, other.token)).statusCode).toBe(403);
    expect((await history(stranger, student, stranger.token)).statusCode).toBe(403);
    expect((await history(teacher, student, undefined)).statusCode).toBe(401);
    expect(await db.query(`select 1 from tutoring.message m join tutoring.conversation c on c.id = m.conversation_id where c.student_id = $1`, [student.studentId])).toEqual([]);
  });

  it('counts unread messages on each side until read, and proves the reading', async () => {
    const { teacher, student } = await world();
    await send(teacher, student, teacher.token, 'Premier', 'formateur');
    await send(teacher, student, teacher.token, 'Second', 'formateur');
    const unread = async () => (await call(t, 'GET', `/api/fetch-my-teachers/${student.studentId}`, student.token)).json()[0].unread;
    expect(await unread()).toBe(2);
    expect((await call(t, 'POST', `/api/mark-messages-read/${teacher.teacherId}/${student.studentId}`, student.token)).json()).toEqual({ bool: true });
    expect((await call(t, 'POST', `/api/mark-messages-read/${teacher.teacherId}/${student.studentId}`, student.token)).json()).toEqual({ bool: false });
    expect(await unread()).toBe(0);
    await send(teacher, student, student.token, 'Merci', 'student');
    expect((await call(t, 'GET', `/api/assigned-students/${teacher.teacherId}/`, teacher.token)).json()[0].unread).toBe(1);
    const reads = await events('MessagesRead', `(payload->>'studentId')::int = $2`, [student.studentId]);
    expect(reads.map((e) => e.payload.reader)).toEqual(['student']);
  });

  it('sends a group message to every followed student and no one else, one message and event each with one group id', async () => {
    const { teacher, student, other } = await world();
    const second = await givenStudent(t);
    await givenFollowing(t, teacher, second);
    const sent = await call(t, 'POST', `/api/send-group-message/${teacher.teacherId}`, teacher.token, { msg_to: 'Rappel : classe virtuelle jeudi', msg_from: 'formateur' });
    expect([sent.statusCode, sent.json()]).toEqual([201, { bool: true, msg: 'Message envoyé à 2 étudiants.', recipients: 2 }]);
    for (const s of [student, second]) {
      expect((await history(teacher, s, s.token)).json()).toEqual([expect.objectContaining({ msg_from: 'teacher', msg_to: 'Rappel : classe virtuelle jeudi', group: true })]);
    }
    expect((await history(teacher, other, admin.token)).json()).toEqual([]);
    const sentEvents = await events('MessageSent', `(payload->>'teacherId')::int = $2`, [teacher.teacherId]);
    expect(sentEvents.map((e) => e.payload.studentId).sort()).toEqual([student.studentId, second.studentId].sort());
    expect(new Set(sentEvents.map((e) => e.payload.groupId)).size).toBe(1);

    expect((await call(t, 'POST', `/api/send-group-message/${teacher.teacherId}`, student.token, { msg_to: 'x' })).statusCode).toBe(403);
    const lonely = await givenTeacher(t);
    const nobody = await call(t, 'POST', `/api/send-group-message/${lonely.teacherId}`, lonely.token, { msg_to: 'Il y a quelqu’un ?' });
    expect([nobody.statusCode, nobody.json().message]).toEqual([400, "Aucun étudiant ne vous est assigné : le message n'a été envoyé à personne."]);
    expect((await call(t, 'POST', `/api/send-group-message/${teacher.teacherId}`, teacher.token, { msg_to: '  ' })).statusCode).toBe(400);
  });

  it('e-mails an absent recipient through SMTP once until they read, and not while their chat is open', async () => {
    const { teacher, student } = await world();
    const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
    await send(teacher, student, student.token, 'Question sur le module 2', 'student');
    await eventually(async () => expect(mailsTo(teacher.email)).toHaveLength(1), 10_000);
    const mail = mailsTo(teacher.email)[0]!.raw;
    expect(mail).toMatch(/Subject: =\?UTF-8\?Q\?Nouveau_message_de_/);
    expect(mail).not.toMatch(/module|Question/);
    await send(teacher, student, student.token, 'Et une précision', 'student');
    await eventually(async () => expect(await events('MessageSent', `(payload->>'studentId')::int = $2`, [student.studentId])).toHaveLength(2));
    // The policy has handled the second message (its checkpoint is past it) without a second e-mail.
    await eventually(async () => {
      const [status] = await db.query<{ lag: number }>(
        `select count(*)::int as lag from eventlog.event e, eventlog.checkpoint c
          where c.name = 'tutoring.message-notification' and (e.transaction_id, e.position) > (c.transaction_id, c.position) and e.event_type = 'MessageSent'`,
      );
      expect(status!.lag).toBe(0);
    }, 10_000);
    expect(mailsTo(teacher.email)).toHaveLength(1);
    const notified = await events('RecipientNotified', `(payload->>'studentId')::int = $2`, [student.studentId]);
    expect(notified.map((e) => e.payload.recipient)).toEqual(['teacher']);

    // The trainer reads; the next message is e-mailed again. The student, chat open, gets none.
    await call(t, 'POST', `/api/mark-messages-read/${teacher.teacherId}/${student.studentId}`, teacher.token);
    await history(teacher, student, student.token);
    await send(teacher, student, teacher.token, 'Voici la réponse', 'formateur');
    await send(teacher, student, student.token, 'Merci, autre chose', 'student');
    await eventually(async () => expect(mailsTo(teacher.email)).toHaveLength(2), 10_000);
    expect(mailsTo(student.email)).toHaveLength(0);
  });

  it('measures the trainer\'s first-reply delays (a group message is not a reply)', async () => {
    const { teacher, student } = await world();
    await send(teacher, student, student.token, 'Bonjour ?', 'student');
    await call(t, 'POST', `/api/send-group-message/${teacher.teacherId}`, teacher.token, { msg_to: 'Annonce générale' });
    await eventually(async () => {
      expect((await call(t, 'GET', `/api/formateur/${teacher.teacherId}/response-times/`, admin.token)).json()).toMatchObject({ replies: 0, awaiting_reply: 1 });
    });
    await send(teacher, student, teacher.token, 'Bonjour !', 'formateur');
    await eventually(async () => {
      const times = (await call(t, 'GET', `/api/formateur/${teacher.teacherId}/response-times/`, teacher.token)).json();
      expect(times).toEqual({ teacher: teacher.teacherId, replies: 1, median_seconds: expect.any(Number), p90_seconds: expect.any(Number), awaiting_reply: 0, oldest_awaiting_since: null });
      expect(times.median_seconds).toBeLessThan(60);
    });
  });
});

describe('homework', () => {
  it('is given by the trainer who follows the student, marked done once by that student, and counted on their dashboard', async () => {
    const { teacher, student, other, stranger } = await world();
    const give = (by: GivenTeacher | GivenStudent, body: object, who: GivenStudent = student) =>
      call(t, 'POST', `/api/student-assignment/${teacher.teacherId}/${who.studentId}`, by.token, { teacher: teacher.teacherId, student: who.studentId, ...body });
    const first = await give(teacher, { title: 'Lire le chapitre 3', detail: 'Et résumer en 10 lignes.' });
    expect([first.statusCode, first.json()]).toEqual([201, expect.objectContaining({ title: 'Lire le chapitre 3', student_status: false, teacher: { id: teacher.teacherId, full_name: teacher.details.fullName } })]);
    const second = (await give(teacher, { title: 'Exercice 2', detail: 'Tableau croisé dynamique' })).json();
    for (const body of [{ title: '', detail: 'x' }, { title: 'x', detail: '   ' }, { title: 'x' }]) {
      const refused = await give(teacher, body);
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'Veuillez remplir tous les champs.']);
    }
    expect((await give(teacher, { title: 'A', detail: 'B' }, other)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, stranger.token, { title: 'A', detail: 'B' })).statusCode).toBe(403);
    expect((await give(student, { title: 'A', detail: 'B' })).statusCode).toBe(403);

    const mine = (await call(t, 'GET', `/api/my-assignments/${student.studentId}`, student.token)).json();
    expect(mine.map((h: { title: string }) => h.title).sort()).toEqual(['Exercice 2', 'Lire le chapitre 3']);
    expect((await call(t, 'GET', `/api/my-assignments/${student.studentId}`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/update-assignments/${first.json().id}`, other.token, { student_status: true })).statusCode).toBe(403);
    expect((await call(t, 'PUT', `/api/update-assignments/${first.json().id}`, teacher.token, { student_status: true })).statusCode).toBe(403);
    const undo = await call(t, 'PUT', `/api/update-assignments/${first.json().id}`, student.token, { student_status: false });
    expect([undo.statusCode, undo.json().message]).toEqual([400, 'Un devoir terminé ne peut pas redevenir « en attente ».']);
    expect((await call(t, 'PUT', `/api/update-assignments/${first.json().id}`, student.token, { student_status: 'true' })).json()).toEqual({ bool: true });
    expect((await call(t, 'PUT', `/api/update-assignments/${first.json().id}`, student.token, { student_status: true })).statusCode).toBe(409);
    expect((await call(t, 'PUT', '/api/update-assignments/999999', student.token, { student_status: true })).statusCode).toBe(404);

    const list = (await call(t, 'GET', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, teacher.token)).json();
    expect(list.map((h: { id: number; student_status: boolean }) => [h.id, h.student_status])).toEqual([[second.id, false], [first.json().id, true]]);
    expect((await call(t, 'GET', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, stranger.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/student-assignment/${teacher.teacherId}/${student.studentId}`, student.token)).statusCode).toBe(403);
    await eventually(async () => {
      expect((await call(t, 'GET', `/api/student/dashboard/${student.studentId}/`, student.token)).json()).toEqual({
        is_active: true, enrolled_courses: 0, courses_completed: 0, complete_assignments: 1, pending_assignments: 1,
      });
    });
    const given = await events('AssignmentGiven', `(payload->>'studentId')::int = $2`, [student.studentId]);
    expect(given.map((e) => e.payload.sha256)).toContain(sha256('Lire le chapitre 3\nEt résumer en 10 lignes.'));
    expect(await events('AssignmentCompleted', `(payload->>'studentId')::int = $2`, [student.studentId])).toHaveLength(1);
  });
});
