// Satisfaction questionnaires (issue 29 item 4, docs/adr/0054) on the real application and
// PostgreSQL: the admin's questionnaires and their versions, the daily dispatch (invitations at the
// end of a course, reminders) run by the real job queue and by two app instances at once, the
// e-mails read from a real SMTP catcher, anonymous answers in the learner's space and on the public
// page (single-use token, refusals in French, throttled), results and response rates, the export.
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import ExcelJS from 'exceljs';
import { createApp } from '../../../create-app.js';
import { Database } from '../../../platform/database/database.js';
import { Jobs } from '../../../platform/jobs/jobs.service.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { parisCalendarDate } from '../../../shared-kernel/index.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenPublished, givenStudent, givenTeacher, type GivenAdmin } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { AddSessionMember, ScheduleSession } from '../../enrolment/testing.js';
import { SURVEY_DISPATCH_JOB, SurveyDispatch } from '../application/survey-dispatch.js';
import { LEARNERS_BY_JOB, NOT_YOURS, TOO_MANY_ANSWERS } from '../application/survey.commands.js';
import { INVITATION_MESSAGES } from '../domain/invitation.aggregate.js';
import { QUESTIONNAIRE_MESSAGES, sha256 } from '../domain/questionnaire.aggregate.js';
import { RESPONSE_MESSAGES } from '../domain/response.aggregate.js';

let t: TestApp;
let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const PER_ADDRESS = 8;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), JOBS_ENABLED: 'true', SURVEY_PUBLIC_MAX_PER_ADDRESS: String(PER_ADDRESS) });
  db = t.app.get(Database);
}, 120_000);

afterEach(() => t.clock.release());

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const DAY = 86_400_000;
const QUESTIONS = [
  { type: 'note', label: 'Êtes-vous satisfait(e) de la formation dans son ensemble ?', required: true },
  { type: 'choix_unique', label: 'Le rythme était-il adapté ?', required: false, options: ['Trop lent', 'Adapté', 'Trop rapide'] },
  { type: 'choix_multiple', label: 'Qu’avez-vous le plus apprécié ?', required: false, options: ['Les vidéos', 'Les quiz', 'Le formateur'] },
  { type: 'texte', label: 'Vos suggestions d’amélioration', required: false },
];
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => readMail(m));
const tokenIn = (text: string) => /#jeton=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;
const events = (type: string) => db.query<{ stream_id: string; payload: Record<string, unknown> }>('select stream_id, payload from eventlog.event where event_type = $1 order by position', [type]);
let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;
/** The public page's calls, the link's token in the body (never in a URL): GET reads the questionnaire, POST answers it. */
const publicCall = (method: 'GET' | 'POST', token: string, payload?: object, remoteAddress = newAddress()) =>
  method === 'GET'
    ? t.app.inject({ method: 'POST', url: '/api/surveys/answer/lookup', remoteAddress, payload: { token } })
    : t.app.inject({ method: 'POST', url: '/api/surveys/answer', remoteAddress, payload: { token, ...(payload ?? {}) } });

async function givenQuestionnaire(admin: GivenAdmin, body: Record<string, unknown>) {
  const created = await call(t, 'POST', '/api/admin/questionnaires', admin.token, { title: 'Satisfaction à chaud', kind: 'chaud', questions: QUESTIONS, ...body });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: number; current_version: number; questions: { id: string }[] };
}

/** A published course with a session that ended yesterday (Paris), and learners in it. */
async function givenEndedSession(admin: GivenAdmin, learners = 2) {
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  await givenPublished(t, admin.token, course.courseId);
  const students = [];
  for (let i = 0; i < learners; i++) {
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course);
    students.push(student);
  }
  const today = Date.now();
  const { sessionId } = await t.app.get(CommandBus).execute(
    new ScheduleSession(admin.actor, course.courseId, { name: 'Session d’automne', startDate: parisCalendarDate(new Date(today - 30 * DAY)), endDate: parisCalendarDate(new Date(today - DAY)) }),
  );
  for (const s of students) await t.app.get(CommandBus).execute(new AddSessionMember(admin.actor, sessionId, 'learner', s.studentId));
  return { course, sessionId, students };
}

describe('questionnaires', () => {
  it('an admin creates one and edits it; others are refused; bad questions are refused in French', async () => {
    const admin = await givenAdmin(t);
    const student = await givenStudent(t);
    const q = await givenQuestionnaire(admin, {});
    expect(q).toMatchObject({ current_version: 1, answered: false, reminder_days: 7, max_reminders: 2, active: true });
    expect(q.questions.map((x) => x.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect((await call(t, 'POST', '/api/admin/questionnaires', student.token, { title: 'x', kind: 'chaud', questions: QUESTIONS })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/questionnaires' })).statusCode).toBe(401);
    const bad = await call(t, 'POST', '/api/admin/questionnaires', admin.token, { title: 'x', kind: 'chaud', questions: [{ type: 'choix_unique', label: 'Rythme', options: ['Seul'] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(QUESTIONNAIRE_MESSAGES.options);
    const cold = await call(t, 'POST', '/api/admin/questionnaires', admin.token, { title: 'À froid', kind: 'froid', cold_delay_days: 0, questions: QUESTIONS });
    expect(cold.json().message).toBe(QUESTIONNAIRE_MESSAGES.coldDelay);
    const edited = await call(t, 'PUT', `/api/admin/questionnaires/${q.id}`, admin.token, { title: 'Votre avis à chaud', questions: QUESTIONS.slice(0, 2), active: false });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Votre avis à chaud', current_version: 1, active: false });
    // The same request key again answers the questionnaire it made.
    const key = randomUUID();
    const first = await call(t, 'POST', '/api/admin/questionnaires', admin.token, { title: 'Clé', kind: 'employeur', questions: QUESTIONS, request_key: key });
    const again = await call(t, 'POST', '/api/admin/questionnaires', admin.token, { title: 'Clé', kind: 'employeur', questions: QUESTIONS, request_key: key });
    expect(again.json().id).toBe(first.json().id);
    expect((await call(t, 'GET', '/api/admin/questionnaires/999999', admin.token)).statusCode).toBe(404);
  });
});

describe('a learner at the end of a course', () => {
  it('is invited by the daily job (e-mail with a single-use link), finds it in their space, answers once and anonymously', async () => {
    const admin = await givenAdmin(t);
    const { course, sessionId, students } = await givenEndedSession(admin, 2);
    const [anne, bruno] = students;
    const q = await givenQuestionnaire(admin, { course_id: course.courseId });
    const jobs = t.app.get(Jobs);
    const jobId = await jobs.send(SURVEY_DISPATCH_JOB, {});
    await eventually(async () => expect(await jobs.status(jobId)).toMatchObject({ state: 'completed', output: { invited: 2 } }), 60_000);
    const sent = (await events('SurveyInvitationSent')).filter((e) => e.payload.questionnaireId === q.id);
    expect(sent.map((e) => e.payload.studentId).sort()).toEqual([anne.studentId, bruno.studentId].sort());
    expect(sent[0].payload).toMatchObject({ respondentKind: 'apprenant', courseId: course.courseId, sessionId });
    await eventually(async () => expect(mailsTo(anne.email)).toHaveLength(1), 20_000);
    const mail = mailsTo(anne.email)[0];
    expect(mail.subject).toContain('Satisfaction à chaud');
    expect(mail.text).toContain('anonyme');
    expect(tokenIn(mail.text)).not.toBeNull();

    const mine = await call(t, 'GET', '/api/surveys/mine', anne.token);
    expect(mine.json()).toEqual([expect.objectContaining({ title: 'Satisfaction à chaud', course_id: course.courseId })]);
    const invitationId = mine.json()[0].invitation_id as number;
    const form = await call(t, 'GET', `/api/surveys/mine/${invitationId}`, anne.token);
    expect(form.json()).toMatchObject({ state: 'ouvert', version_number: 1, respondent_kind: 'apprenant' });
    // Another learner cannot read nor answer it.
    expect((await call(t, 'GET', `/api/surveys/mine/${invitationId}`, bruno.token)).json().message).toBe(NOT_YOURS);
    expect((await call(t, 'POST', `/api/surveys/mine/${invitationId}/answers`, bruno.token, { answers: { q1: 5 }, request_key: randomUUID() })).statusCode).toBe(404);
    // A required question left out.
    const missing = await call(t, 'POST', `/api/surveys/mine/${invitationId}/answers`, anne.token, { answers: { q2: 'Adapté' }, request_key: randomUUID() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(RESPONSE_MESSAGES.required(QUESTIONS[0].label));

    const text = 'Davantage de cas pratiques tirés de situations réelles.';
    const key = randomUUID();
    const answer = await call(t, 'POST', `/api/surveys/mine/${invitationId}/answers`, anne.token, { answers: { q1: 4, q2: 'Adapté', q3: ['Les quiz'], q4: text }, request_key: key });
    expect(answer.statusCode).toBe(201);
    // A retry of the same sending answers its outcome; another sending is refused in French.
    const retry = await call(t, 'POST', `/api/surveys/mine/${invitationId}/answers`, anne.token, { answers: { q1: 1 }, request_key: key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(answer.json());
    const twice = await call(t, 'POST', `/api/surveys/mine/${invitationId}/answers`, anne.token, { answers: { q1: 1 }, request_key: randomUUID() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(INVITATION_MESSAGES.answered);
    expect((await call(t, 'GET', '/api/surveys/mine', anne.token)).json()).toEqual([]);

    const answered = (await events('SurveyAnswered')).filter((e) => e.payload.questionnaireId === q.id);
    expect(answered).toHaveLength(1);
    const token = tokenIn(mail.text)!;
    expect(answered[0].payload).toMatchObject({ tokenSha256: sha256(token), answers: { q1: 4, q2: 'Adapté', q3: ['Les quiz'] }, texts: [{ questionId: 'q4', sha256: sha256(text) }] });
    expect(Object.keys(answered[0].payload)).not.toContain('studentId');
    // Nor does its metadata name her: answered from her space, the event has no actor and no request's correlation.
    const [meta] = await db.query<{ metadata: Record<string, unknown> }>(
      `select metadata from eventlog.event where event_type = 'SurveyAnswered' and payload->>'questionnaireId' = $1`, [String(q.id)],
    );
    expect(meta!.metadata).toMatchObject({ actorId: null, actorRole: null, correlationId: null });
    const logged = await db.one<{ n: number }>(`select count(*)::int as n from eventlog.event where payload::text like '%' || $1 || '%'`, ['cas pratiques']);
    expect(logged!.n).toBe(0);
    expect(await db.one('select body from satisfaction.response_text where sha256 = $1', [sha256(text)])).toEqual({ body: text });
    // The e-mailed link is the same single-use token: spent.
    const viaLink = await publicCall('POST', token, { answers: { q1: 2 }, request_key: randomUUID() });
    expect(viaLink.statusCode).toBe(409);
    expect((await publicCall('GET', token)).json()).toMatchObject({ state: 'repondu' });

    // Editing an answered version keeps it: the next version starts.
    const edited = await call(t, 'PUT', `/api/admin/questionnaires/${q.id}`, admin.token, { title: 'Satisfaction à chaud', questions: [...QUESTIONS, { type: 'note', label: 'Les supports étaient-ils clairs ?', required: false }] });
    expect(edited.json()).toMatchObject({ current_version: 2, answered: false });
    const bruno2 = (await call(t, 'GET', '/api/surveys/mine', bruno.token)).json()[0].invitation_id as number;
    expect((await call(t, 'POST', `/api/surveys/mine/${bruno2}/answers`, bruno.token, { answers: { q1: 2, q5: 3 }, request_key: randomUUID() })).json()).toMatchObject({ version_number: 2 });

    // Results per course, session and kind of respondent, with the rate; the export.
    const results = await call(t, 'GET', `/api/admin/questionnaires/${q.id}/results?session_id=${sessionId}`, admin.token);
    expect(results.statusCode).toBe(200);
    const body = results.json();
    expect(body).toMatchObject({ sent: 2, answered: 2, rate: 1 });
    expect(body.rates).toEqual([expect.objectContaining({ course_id: course.courseId, session_id: sessionId, session_name: 'Session d’automne', respondent_kind: 'apprenant', sent: 2, answered: 2, rate: 1 })]);
    const v1 = body.questions.find((x: { version_number: number; id: string }) => x.version_number === 1 && x.id === 'q1');
    expect(v1).toMatchObject({ answers: 1, average: 4, distribution: [0, 0, 0, 1, 0] });
    expect(body.questions.find((x: { version_number: number; id: string }) => x.version_number === 1 && x.id === 'q4').texts).toEqual([text]);
    expect(body.questions.find((x: { version_number: number; id: string }) => x.version_number === 2 && x.id === 'q5')).toMatchObject({ average: 3 });
    expect((await call(t, 'GET', `/api/admin/questionnaires/${q.id}/results`, anne.token)).statusCode).toBe(403);
    const exported = await call(t, 'GET', `/api/admin/questionnaires/${q.id}/results/export`, admin.token);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Taux de réponse', 'Réponses par question', 'Commentaires']);
    expect(workbook.getWorksheet('Taux de réponse')!.getRow(2).values).toEqual([undefined, course.title, 'Session d’automne', 'Apprenant', 2, 2, 1]);
    expect(workbook.getWorksheet('Commentaires')!.getRow(2).getCell(2).value).toBe(text);
  }, 120_000);
});

describe('employers, funders and trainers', () => {
  it('get a link by e-mail and answer on the public page without an account; refused when spent, expired, unknown; throttled', async () => {
    const admin = await givenAdmin(t);
    const { course, sessionId } = await givenEndedSession(admin, 0);
    const hot = await givenQuestionnaire(admin, { active: false });
    const refused = await call(t, 'POST', `/api/admin/questionnaires/${hot.id}/invitations`, admin.token, { course_id: course.courseId, emails: ['rh@exemple.fr'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LEARNERS_BY_JOB);
    const q = await givenQuestionnaire(admin, { title: 'Avis de l’employeur', kind: 'employeur' });
    const email = `rh-${randomUUID().slice(0, 8)}@entreprise-exemple.fr`;
    const invited = await call(t, 'POST', `/api/admin/questionnaires/${q.id}/invitations`, admin.token, { course_id: course.courseId, session_id: sessionId, emails: [email, 'drh@entreprise-exemple.fr'] });
    expect(invited.statusCode).toBe(201);
    // The same address again answers the same invitation (no second e-mail).
    await call(t, 'POST', `/api/admin/questionnaires/${q.id}/invitations`, admin.token, { course_id: course.courseId, session_id: sessionId, emails: [email] });
    expect((await db.one<{ n: number }>('select count(*)::int as n from satisfaction.invitation where questionnaire_id = $1', [q.id]))!.n).toBe(2);
    const badMails = await call(t, 'POST', `/api/admin/questionnaires/${q.id}/invitations`, admin.token, { course_id: course.courseId, emails: ['pas-une-adresse'] });
    expect(badMails.statusCode).toBe(400);
    await eventually(async () => expect(mailsTo(email)).toHaveLength(1), 20_000);
    const token = tokenIn(mailsTo(email)[0].text)!;
    const form = await publicCall('GET', token);
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ title: 'Avis de l’employeur', respondent_kind: 'employeur', state: 'ouvert' });
    const key = randomUUID();
    expect((await publicCall('POST', token, { answers: { q1: 5, q4: 'Très bonne montée en compétences.' }, request_key: key })).statusCode).toBe(201);
    expect((await publicCall('POST', token, { answers: { q1: 5 }, request_key: key })).statusCode).toBe(201);
    const again = await publicCall('POST', token, { answers: { q1: 3 }, request_key: randomUUID() });
    expect([again.statusCode, again.json().message]).toEqual([409, INVITATION_MESSAGES.answered]);
    const unknown = await publicCall('GET', 'x'.repeat(43));
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, INVITATION_MESSAGES.unknown]);
    const results = (await call(t, 'GET', `/api/admin/questionnaires/${q.id}/results?respondent_kind=employeur`, admin.token)).json();
    expect(results).toMatchObject({ sent: 2, answered: 1, rate: 0.5 });

    // Expired: the other contact's link, 61 days later by the server's clock.
    await eventually(async () => expect(mailsTo('drh@entreprise-exemple.fr').length).toBeGreaterThan(0), 20_000);
    const other = tokenIn(mailsTo('drh@entreprise-exemple.fr').at(-1)!.text)!;
    t.clock.set(new Date(Date.now() + 61 * DAY));
    const expired = await publicCall('POST', other, { answers: { q1: 4 }, request_key: randomUUID() });
    expect([expired.statusCode, expired.json().message]).toEqual([409, INVITATION_MESSAGES.expired]);
    expect((await publicCall('GET', other)).json()).toMatchObject({ state: 'expire' });
    t.clock.release();

    // Throttled per address.
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i <= PER_ADDRESS; i++) statuses.push((await publicCall('GET', 'y'.repeat(43), undefined, address)).statusCode);
    expect(statuses.slice(0, PER_ADDRESS).every((s) => s === 404)).toBe(true);
    const throttled = await publicCall('GET', token, undefined, address);
    expect([throttled.statusCode, throttled.json().message]).toEqual([429, TOO_MANY_ANSWERS]);
  }, 120_000);
});

describe('reminders', () => {
  it('each due reminder is sent exactly once with two app instances running the dispatch at once, and not again after a restart', async () => {
    // Last in this file: two apps in one process share passport's strategy (jobs.api.spec.ts).
    const admin = await givenAdmin(t);
    const { course, students } = await givenEndedSession(admin, 3);
    const q = await givenQuestionnaire(admin, { course_id: course.courseId, reminder_days: 7, max_reminders: 2 });
    const first = t.app.get(SurveyDispatch);
    expect((await first.run()).invited).toHaveLength(3);
    // One learner answers: never reminded.
    const [answerer] = students;
    const invitationId = (await call(t, 'GET', '/api/surveys/mine', answerer.token)).json()[0].invitation_id;
    expect((await call(t, 'POST', `/api/surveys/mine/${invitationId}/answers`, answerer.token, { answers: { q1: 5 }, request_key: randomUUID() })).statusCode).toBe(201);

    const ours = await db.query<{ id: number; student_id: number }>('select id, student_id from satisfaction.invitation where questionnaire_id = $1 order by id', [q.id]);
    const isOurs = (id: number) => ours.some((i) => i.id === id);
    const second = await createApp(t.config, t.databaseUrl, { logLevels: ['error'], clock: t.clock });
    try {
      t.clock.set(new Date(Date.now() + 7 * DAY + 60_000));
      const [a, b] = await Promise.all([first.run(), second.get(SurveyDispatch).run()]);
      const reminded = [...a.reminded, ...b.reminded].filter(isOurs).sort();
      const expected = ours.filter((i) => i.student_id !== answerer.studentId).map((i) => i.id).sort();
      expect(reminded).toEqual(expected);
      const reminders = (await events('SurveyReminderSent')).filter((e) => expected.includes(Number(e.payload.invitationId)));
      expect(reminders.map((e) => e.payload)).toEqual(expect.arrayContaining(expected.map((id) => ({ invitationId: id, reminderNumber: 1 }))));
      expect(reminders).toHaveLength(2);
    } finally {
      await second.close();
    }
    // After the restart (the second instance is gone), the same day runs again: nothing more.
    expect((await first.run()).reminded.filter(isOurs)).toEqual([]);
    for (const s of students.slice(1)) {
      await eventually(async () => expect(mailsTo(s.email).filter((m) => m.subject.startsWith('Rappel'))).toHaveLength(1), 20_000);
    }
    expect(mailsTo(answerer.email).filter((m) => m.subject.startsWith('Rappel'))).toHaveLength(0);
    // A second reminder 7 days later, then none (max 2).
    t.clock.set(new Date(Date.now() + 14 * DAY + 120_000));
    expect((await first.run()).reminded.filter(isOurs)).toHaveLength(2);
    t.clock.set(new Date(Date.now() + 21 * DAY + 180_000));
    expect((await first.run()).reminded.filter(isOurs)).toHaveLength(0);
  }, 180_000);
});
