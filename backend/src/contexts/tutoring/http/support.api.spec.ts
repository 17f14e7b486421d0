// Technical-support requests (issue 26 item 5, docs/adr/0037) on the real application and PostgreSQL:
// a learner opens, staff (an admin, the course's trainer) answer and resolve, the learner is e-mailed
// through a real SMTP catcher; every refusal in French and changing nothing; a double submit answers
// its first outcome; the events carry hashes, not texts; the transcript lists the requests.
import { createHash, randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { CommandBus } from '@nestjs/cqrs';
import { SUPPORT_ACCESS } from '../application/support/support-access.js';
import { OpenSupportRequest } from '../application/support/support.commands.js';
import { SUPPORT_MESSAGES } from '../domain/support-request.aggregate.js';

let t: TestApp;
let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) });
  db = t.app.get(Database);
});

afterEach(() => t.clock.release());

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const T0 = Date.parse('2026-03-02T08:00:00Z');
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => readMail(m));
const events = (type: string, requestId: number) =>
  db.query<{ payload: Record<string, unknown> }>(
    `select payload from eventlog.event where event_type = $1 and (payload->>'requestId')::int = $2 order by position`,
    [type, requestId],
  );
const counts = async () => (await db.one<{ r: number; a: number }>('select (select count(*)::int from tutoring.support_request) as r, (select count(*)::int from tutoring.support_answer) as a'))!;

async function world() {
  const [teacher, otherTeacher, student, other, admin] = await Promise.all([givenTeacher(t), givenTeacher(t), givenStudent(t), givenStudent(t), givenAdmin(t)]);
  const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Lire la vidéo', contentType: 'text', duration: 0, textContent: 'Texte.' }] });
  const elsewhere = await givenCourse(t, { teacherId: otherTeacher.teacherId });
  await givenEnrolled(t, student, course);
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [course.courseId]);
  return { teacher, otherTeacher, student, other, admin, course, elsewhere, chapterId: chapter!.id };
}

const open = (token: string, body: Record<string, unknown>) => call(t, 'POST', '/api/support-requests', token, { request_key: randomUUID(), ...body });

describe('technical-support requests', () => {
  it('a learner opens one, the course’s trainer and an admin answer, the learner is e-mailed and reads the answers, an admin resolves it', async () => {
    const { teacher, student, admin, course, chapterId } = await world();
    t.clock.set(new Date(T0));
    const text = 'La vidéo du chapitre 1 reste noire sous Firefox.';
    const opened = await open(student.token, { category: 'video', course_id: course.courseId, step_kind: 'chapter', step_id: chapterId, message: text });
    expect(opened.statusCode).toBe(201);
    const request = opened.json();
    expect(request).toMatchObject({
      category: 'video', status: 'ouverte', message: text, opened_at: new Date(T0).toISOString(), first_answered_at: null, response_seconds: null,
      course: { id: course.courseId, title: course.title }, step: { kind: 'chapter', id: chapterId, title: 'Lire la vidéo' }, student: { id: student.studentId }, answers: [],
    });
    const [openedEvent] = await events('SupportRequestOpened', request.id);
    expect(openedEvent!.payload).toEqual({
      requestId: request.id, studentId: student.studentId, category: 'video', courseId: course.courseId, stepKind: 'chapter', stepId: chapterId, sha256: sha(text), length: text.length,
    });
    expect(JSON.stringify(openedEvent)).not.toContain('Firefox');

    // The trainer of the course answers 2 h later (server clock): the delay is the server's.
    t.clock.set(new Date(T0 + 7_200_000));
    const reply = 'Videz le cache du navigateur puis rechargez la page.';
    const answered = await call(t, 'POST', `/api/support-requests/${request.id}/answers`, teacher.token, { message: reply, answer_key: randomUUID() });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({ status: 'repondue', first_answered_at: new Date(T0 + 7_200_000).toISOString(), response_seconds: 7200 });
    expect(answered.json().answers).toEqual([expect.objectContaining({ author_role: 'teacher', author_name: teacher.details.fullName, message: reply })]);
    const [answeredEvent] = await events('SupportRequestAnswered', request.id);
    expect(answeredEvent!.payload).toMatchObject({ answererId: teacher.teacherId, answererRole: 'teacher', sha256: sha(reply), responseSeconds: 7200, studentId: student.studentId });
    await eventually(async () => expect(mailsTo(student.email)).toHaveLength(1), 15_000);
    const [mail] = mailsTo(student.email);
    expect(mail!.subject).toBe(`Réponse à votre demande d’assistance technique n° ${request.id}`);
    expect(mail!.text).toContain('« Assistance »');
    expect(mail!.text).not.toContain('cache');

    // An admin answers too (a second answer: no delay of its own), then resolves.
    t.clock.set(new Date(T0 + 9_000_000));
    expect((await call(t, 'POST', `/api/support-requests/${request.id}/answers`, admin.token, { message: 'Avez-vous pu relancer la vidéo ?', answer_key: randomUUID() })).statusCode).toBe(201);
    expect((await events('SupportRequestAnswered', request.id))[1]!.payload).toMatchObject({ answererRole: 'admin', responseSeconds: null });
    const resolved = await call(t, 'POST', `/api/support-requests/${request.id}/resolve`, admin.token);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolue', resolved_at: new Date(T0 + 9_000_000).toISOString(), resolved_by_role: 'admin', response_seconds: 7200 });
    // Resolving again changes nothing; a resolved request takes no more answers.
    expect((await call(t, 'POST', `/api/support-requests/${request.id}/resolve`, teacher.token)).statusCode).toBe(200);
    expect(await events('SupportRequestResolved', request.id)).toHaveLength(1);
    const late = await call(t, 'POST', `/api/support-requests/${request.id}/answers`, teacher.token, { message: 'Encore un mot', answer_key: randomUUID() });
    expect([late.statusCode, late.json().message]).toEqual([409, SUPPORT_MESSAGES.resolved]);

    // The learner reads their requests with both answers, in order.
    const mine = (await call(t, 'GET', '/api/support-requests/mine', student.token)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0].answers.map((a: { author_role: string }) => a.author_role)).toEqual(['teacher', 'admin']);
    expect(mine[0].status).toBe('resolue');
  });

  it('lists for staff with filters: admins every request, a trainer only their courses’ (none without a course)', async () => {
    const { teacher, otherTeacher, student, admin, course } = await world();
    const a = (await open(student.token, { category: 'scorm', course_id: course.courseId, message: 'Le module ne se charge pas.' })).json();
    const b = (await open(student.token, { category: 'connexion', message: 'Je ne reçois pas le lien de connexion.' })).json();
    expect(b.course).toBeNull();
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const all = ids((await call(t, 'GET', '/api/support-requests', admin.token)).json());
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids((await call(t, 'GET', `/api/support-requests?course=${course.courseId}`, admin.token)).json())).toEqual([a.id]);
    expect(ids((await call(t, 'GET', '/api/support-requests', teacher.token)).json())).toEqual([a.id]);
    expect(ids((await call(t, 'GET', '/api/support-requests', otherTeacher.token)).json())).toEqual([]);
    expect(ids((await call(t, 'GET', `/api/support-requests?status=resolue&course=${course.courseId}`, admin.token)).json())).toEqual([]);
    const badStatus = await call(t, 'GET', '/api/support-requests?status=fermee', admin.token);
    expect(badStatus.statusCode).toBe(400);
    expect(JSON.stringify(badStatus.json())).toContain('Le statut doit être');
    // The other trainer neither reads, answers nor resolves; no trainer handles a request without a course.
    for (const [who, id] of [[otherTeacher, a.id], [teacher, b.id]] as const) {
      expect((await call(t, 'GET', `/api/support-requests/${id}`, who.token)).statusCode).toBe(403);
      expect((await call(t, 'POST', `/api/support-requests/${id}/answers`, who.token, { message: 'Non', answer_key: randomUUID() })).statusCode).toBe(403);
      expect((await call(t, 'POST', `/api/support-requests/${id}/resolve`, who.token)).statusCode).toBe(403);
    }
    expect(await events('SupportRequestAnswered', a.id)).toHaveLength(0);
    expect(await events('SupportRequestResolved', b.id)).toHaveLength(0);
  });

  it('a learner reads only their own; a learner neither lists for staff, answers nor resolves', async () => {
    const { student, other, course } = await world();
    const mineOnly = (await open(student.token, { category: 'quiz', course_id: course.courseId, message: 'Le quiz ne valide pas ma réponse.' })).json();
    expect((await call(t, 'GET', `/api/support-requests/${mineOnly.id}`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/support-requests/${mineOnly.id}`, student.token)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/support-requests/mine', other.token)).json()).toEqual([]);
    expect((await call(t, 'GET', '/api/support-requests', student.token)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/support-requests/${mineOnly.id}/answers`, student.token, { message: 'Moi', answer_key: randomUUID() })).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/support-requests/${mineOnly.id}/resolve`, student.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/support-requests/999999', student.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/support-requests/mine')).statusCode).toBe(401);
  });

  it('refuses bad input with a French 400 and stores nothing', async () => {
    const { student, admin, course, elsewhere, chapterId } = await world();
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ category: 'video', message: '   ' }, SUPPORT_MESSAGES.emptyRequest],
      [{ category: 'video' }, SUPPORT_MESSAGES.emptyRequest],
      [{ category: 'video', message: 'x'.repeat(5001) }, SUPPORT_MESSAGES.tooLong],
      [{ category: 'imprimante', message: 'Bonjour' }, SUPPORT_MESSAGES.category],
      [{ category: 'video', message: 'Bonjour', course_id: elsewhere.courseId }, SUPPORT_ACCESS.notEnrolled],
      [{ category: 'video', message: 'Bonjour', course_id: course.courseId, step_kind: 'chapter', step_id: chapterId + 100000 }, SUPPORT_ACCESS.notAStep],
      [{ category: 'video', message: 'Bonjour', step_kind: 'chapter', step_id: chapterId }, SUPPORT_ACCESS.stepWithoutCourse],
      [{ category: 'video', message: 'Bonjour', request_key: 'pas-une-cle' }, 'La clé d’envoi est invalide'],
      [{ category: 'video', message: 'Bon\u0000jour' }, 'caractère'],
    ];
    for (const [body, message] of cases) {
      const refused = await open(student.token, body);
      expect([refused.statusCode, JSON.stringify(refused.json())]).toEqual([400, expect.stringContaining(message)]);
    }
    const request = (await open(student.token, { category: 'autre', message: 'Mon attestation ne s’affiche pas.' })).json();
    for (const message of ['', 'y'.repeat(5001)]) {
      expect((await call(t, 'POST', `/api/support-requests/${request.id}/answers`, admin.token, { message, answer_key: randomUUID() })).statusCode).toBe(400);
    }
    expect((await call(t, 'POST', `/api/support-requests/${request.id}/answers`, admin.token, { message: 'Bien reçu' })).statusCode).toBe(400);
    expect(await counts()).toEqual({ r: before.r + 1, a: before.a });
  });

  it('a double submit or a retry answers its first outcome: one request, one answer, one event each', async () => {
    const { student, admin } = await world();
    const key = randomUUID();
    const body = { category: 'connexion', message: 'Mot de passe refusé.', request_key: key };
    const [one, two] = await Promise.all([call(t, 'POST', '/api/support-requests', student.token, body), call(t, 'POST', '/api/support-requests', student.token, body)]);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(one.json().id).toBe(two.json().id);
    const again = await call(t, 'POST', '/api/support-requests', student.token, body);
    expect(again.json().id).toBe(one.json().id);
    expect(await events('SupportRequestOpened', one.json().id)).toHaveLength(1);
    const answerKey = randomUUID();
    const answer = { message: 'Réinitialisez-le depuis la page de connexion.', answer_key: answerKey };
    const [x, y] = await Promise.all([
      call(t, 'POST', `/api/support-requests/${one.json().id}/answers`, admin.token, answer),
      call(t, 'POST', `/api/support-requests/${one.json().id}/answers`, admin.token, answer),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
    expect(y.json().answers).toHaveLength(1);
    expect(await events('SupportRequestAnswered', one.json().id)).toHaveLength(1);
  });

  it('keeps a closed learner’s requests for admins; the closed learner opens no more and gets no more answers', async () => {
    const { student, admin, teacher, course } = await world();
    const request = (await open(student.token, { category: 'autre', message: 'Avant la clôture.' })).json();
    const aboutCourse = (await open(student.token, { category: 'video', course_id: course.courseId, message: 'Vidéo figée.' })).json();
    expect((await call(t, 'GET', `/api/support-requests/${aboutCourse.id}`, teacher.token)).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/admin/students/${student.studentId}/`, admin.token)).json().mode).toBe('close');
    // A closed account leaves every list but the admins' (ADR 0015): the course's trainer no longer finds its requests.
    const trainerList = (await call(t, 'GET', `/api/support-requests?course=${course.courseId}`, teacher.token)).json();
    expect(trainerList.map((r: { id: number }) => r.id)).not.toContain(aboutCourse.id);
    expect((await call(t, 'GET', `/api/support-requests/${aboutCourse.id}`, teacher.token)).statusCode).toBe(404);
    const adminList = (await call(t, 'GET', `/api/support-requests?course=${course.courseId}`, admin.token)).json();
    expect(adminList.map((r: { id: number }) => r.id)).toContain(aboutCourse.id);
    const read = await call(t, 'GET', `/api/support-requests/${request.id}`, admin.token);
    expect([read.statusCode, read.json().student.closed, read.json().message]).toEqual([200, true, 'Avant la clôture.']);
    const answer = await call(t, 'POST', `/api/support-requests/${request.id}/answers`, admin.token, { message: 'Trop tard', answer_key: randomUUID() });
    expect([answer.statusCode, answer.json().message]).toEqual([409, SUPPORT_ACCESS.closedForAnswers]);
    expect((await call(t, 'POST', `/api/support-requests/${request.id}/resolve`, admin.token)).json().status).toBe('resolue');
    // The closed learner's session is gone; were a command to speak for them, it is refused and stores nothing.
    const before = await counts();
    await expect(
      t.app.get(CommandBus).execute(new OpenSupportRequest(student.actor, { category: 'autre', courseId: null, stepKind: null, stepId: null, message: 'Après la clôture.', requestKey: randomUUID() })),
    ).rejects.toMatchObject({ kind: 'conflict', message: SUPPORT_ACCESS.closedLearner });
    expect(await counts()).toEqual(before);
  });

  it('the transcript lists the course’s requests and those without a course opened since the enrolment', async () => {
    const { student, admin, teacher, course, elsewhere } = await world();
    const base = Date.now();
    t.clock.set(new Date(base + 60_000));
    const about = (await open(student.token, { category: 'video', course_id: course.courseId, message: 'Vidéo noire.' })).json();
    const general = (await open(student.token, { category: 'connexion', message: 'Déconnexions fréquentes.' })).json();
    t.clock.set(new Date(base + 180_000));
    await call(t, 'POST', `/api/support-requests/${about.id}/answers`, teacher.token, { message: 'Essayez Chrome.', answer_key: randomUUID() });
    await call(t, 'POST', `/api/support-requests/${about.id}/resolve`, admin.token);
    const view = (await call(t, 'GET', `/api/evidence/students/${student.studentId}/courses/${course.courseId}/transcript/`, admin.token)).json();
    expect(view.support.recorded).toBe(true);
    expect(view.support.requests).toEqual([
      expect.objectContaining({ id: about.id, course_specified: true, category: 'video', body: 'Vidéo noire.', first_answer_role: 'teacher', response_seconds: expect.any(Number), resolved_at: expect.any(String),
        answers: [expect.objectContaining({ author_role: 'teacher', body: 'Essayez Chrome.', trainer: expect.objectContaining({ id: teacher.teacherId }) })] }),
      expect.objectContaining({ id: general.id, course_specified: false, category: 'connexion', first_answered_at: null, resolved_at: null, answers: [] }),
    ]);
    expect(view.support.requests[0].response_seconds).toBe(120);
    // Requests without a course are the admins' and the learner's: the trainer's transcript has only the course's.
    const asTrainer = (await call(t, 'GET', `/api/evidence/students/${student.studentId}/courses/${course.courseId}/transcript/`, teacher.token)).json();
    expect(asTrainer.support.requests.map((r: { id: number }) => r.id)).toEqual([about.id]);
    // Another course the learner never followed has no transcript; a course followed later does not list the earlier general request.
    await givenEnrolled(t, student, elsewhere);
    const later = (await call(t, 'GET', `/api/evidence/students/${student.studentId}/courses/${elsewhere.courseId}/transcript/`, admin.token)).json();
    expect(later.support.requests).toEqual([]);
  });
});
