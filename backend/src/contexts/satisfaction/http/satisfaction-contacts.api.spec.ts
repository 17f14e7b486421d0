// Questionnaires sent without typing (issue 29 items 2 and 4, docs/adr/0054 amended): the daily
// dispatch invites the employers' and funders' contacts of each enrolment (enrolment's published
// `enrolment_contact`) once per address and session, and the sessions' trainers, at the session's
// end; each invitation an event with the address's hash; e-mails read from a real SMTP catcher;
// exactly once with two app instances on one database.
import { createHash, randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { createApp } from '../../../create-app.js';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { parisCalendarDate } from '../../../shared-kernel/index.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenPublished, givenStudent, givenTeacher, type GivenAdmin } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { AddSessionMember, ScheduleSession } from '../../enrolment/testing.js';
import { SurveyDispatch } from '../application/survey-dispatch.js';

let t: TestApp;
let db: Database;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), JOBS_ENABLED: 'true' });
  db = t.app.get(Database);
}, 120_000);

afterEach(() => t.clock.release());

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const DAY = 86_400_000;
const QUESTIONS = [{ type: 'note', label: 'Êtes-vous satisfait(e) de la formation ?', required: true }];
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address)).map((m) => readMail(m));
const unique = () => randomUUID().slice(0, 8);
const invitationsOf = (questionnaireId: number) =>
  db.query<{ id: number; respondent_kind: string; email: string; session_id: number | null; teacher_id: number | null }>(
    'select id, respondent_kind, email, session_id, teacher_id from satisfaction.invitation where questionnaire_id = $1 order by id', [questionnaireId],
  );

async function givenQuestionnaire(admin: GivenAdmin, courseId: number, kind: string, title: string): Promise<number> {
  const created = await call(t, 'POST', '/api/admin/questionnaires', admin.token, { title, kind, course_id: courseId, questions: QUESTIONS });
  expect(created.statusCode).toBe(201);
  return created.json().id as number;
}

/**
 * A session of three employees of one bakery ending `endsInDays` from now (Paris), their funders (two
 * learners share « OPCO EP », one is funded by France Travail) and a trainer; the three questionnaires.
 */
async function givenSessionWithContacts(endsInDays: number) {
  const admin = await givenAdmin(t);
  const trainer = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: trainer.teacherId });
  await givenPublished(t, admin.token, course.courseId);
  const now = Date.now();
  const bus = t.app.get(CommandBus);
  const { sessionId } = await bus.execute(
    new ScheduleSession(admin.actor, course.courseId, { name: 'Session boulangerie', startDate: parisCalendarDate(new Date(now - 30 * DAY)), endDate: parisCalendarDate(new Date(now + endsInDays * DAY)) }),
  );
  await bus.execute(new AddSessionMember(admin.actor, sessionId, 'trainer', trainer.teacherId));
  const employer = `rh-${unique()}@boulangerie-martin.fr`;
  const opco = `conseil-${unique()}@opcoep.fr`;
  const franceTravail = `idf-${unique()}@francetravail.fr`;
  for (const funder of [opco, opco, franceTravail]) {
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course, admin);
    await bus.execute(new AddSessionMember(admin.actor, sessionId, 'learner', student.studentId));
    const set = await call(t, 'PUT', `/api/admin/students/${student.studentId}/courses/${course.courseId}/contacts/`, admin.token, {
      employer_contact_name: 'Claire Martin', employer_email: employer.toUpperCase(), funder_name: funder.includes('opco') ? 'OPCO EP' : 'France Travail Île-de-France', funder_email: funder,
    });
    expect(set.statusCode).toBe(200);
  }
  const tag = unique();
  const questionnaires = {
    employeur: await givenQuestionnaire(admin, course.courseId, 'employeur', `Avis de l’employeur ${tag}`),
    financeur: await givenQuestionnaire(admin, course.courseId, 'financeur', `Avis du financeur ${tag}`),
    formateur: await givenQuestionnaire(admin, course.courseId, 'formateur', `Bilan du formateur ${tag}`),
  };
  return { admin, trainer, course, sessionId, employer, opco, franceTravail, questionnaires, tag };
}

describe('employers, funders and trainers invited by the daily dispatch', () => {
  it('waits for the session’s end, then invites each address once per session, the trainer too, with reminders; results count them', async () => {
    const given = await givenSessionWithContacts(2);
    const { admin, trainer, sessionId, employer, opco, franceTravail, questionnaires: q, tag } = given;
    const dispatch = t.app.get(SurveyDispatch);
    const ours = async () => [...(await invitationsOf(q.employeur)), ...(await invitationsOf(q.financeur)), ...(await invitationsOf(q.formateur))];

    await dispatch.run();
    expect(await ours()).toEqual([]); // the session has not ended

    t.clock.set(new Date(Date.now() + 2 * DAY + 60_000));
    await dispatch.run();
    expect((await invitationsOf(q.employeur)).map((i) => [i.respondent_kind, i.email, i.session_id])).toEqual([['employeur', employer, sessionId]]);
    expect((await invitationsOf(q.financeur)).map((i) => i.email).sort()).toEqual([franceTravail, opco].sort());
    expect((await invitationsOf(q.formateur)).map((i) => [i.respondent_kind, i.email, i.teacher_id])).toEqual([['formateur', trainer.email.toLowerCase(), trainer.teacherId]]);
    // Each invitation an event: the address's hash, never the address.
    const events = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from eventlog.event where event_type = 'SurveyInvitationSent' and (payload->>'questionnaireId')::int = any($1::int[])`,
      [[q.employeur, q.financeur, q.formateur]],
    );
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.payload.emailSha256).sort()).toEqual([employer, opco, franceTravail, trainer.email.toLowerCase()].map(sha256).sort());
    expect(JSON.stringify(events)).not.toMatch(/boulangerie-martin|opcoep|francetravail/);

    // Run again (the next day, a restart): nothing more.
    await dispatch.run();
    expect(await ours()).toHaveLength(4);

    // The employer of three learners gets one e-mail; the trainer gets theirs.
    await eventually(async () => expect(mailsTo(employer)).toHaveLength(1), 20_000);
    expect(mailsTo(employer)[0].subject).toContain(`Avis de l’employeur ${tag}`);
    await eventually(async () => expect(mailsTo(trainer.email)).toHaveLength(1), 20_000);
    await eventually(async () => expect(mailsTo(opco)).toHaveLength(1), 20_000);

    // Response rates per kind of respondent count them.
    const results = (await call(t, 'GET', `/api/admin/questionnaires/${q.financeur}/results?respondent_kind=financeur`, admin.token)).json();
    expect(results).toMatchObject({ sent: 2, answered: 0, rate: 0 });
    expect(results.rates).toEqual([expect.objectContaining({ session_id: sessionId, respondent_kind: 'financeur', sent: 2 })]);

    // A reminder 7 days later, once.
    t.clock.set(new Date(Date.now() + 9 * DAY + 120_000));
    const { reminded } = await dispatch.run();
    const ids = (await ours()).map((i) => i.id);
    expect(reminded.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    await eventually(async () => expect(mailsTo(employer).filter((m) => m.subject.startsWith('Rappel'))).toHaveLength(1), 20_000);
  }, 180_000);

  it('a contact the admin invited by hand first is not invited twice by the job', async () => {
    const given = await givenSessionWithContacts(-1);
    const manual = await call(t, 'POST', `/api/admin/questionnaires/${given.questionnaires.employeur}/invitations`, given.admin.token, {
      course_id: given.course.courseId, session_id: given.sessionId, emails: [given.employer],
    });
    expect(manual.statusCode).toBe(201);
    await t.app.get(SurveyDispatch).run();
    expect(await invitationsOf(given.questionnaires.employeur)).toHaveLength(1);
  }, 120_000);

  it('invites each contact exactly once with two app instances running the dispatch at once', async () => {
    // Last in this file: two apps in one process share passport's strategy (jobs.api.spec.ts); no HTTP call after.
    const { questionnaires: q } = await givenSessionWithContacts(-1);
    const second = await createApp(t.config, t.databaseUrl, { logLevels: ['error'], clock: t.clock });
    try {
      const [a, b] = await Promise.all([t.app.get(SurveyDispatch).run(), second.get(SurveyDispatch).run()]);
      const ours = [...(await invitationsOf(q.employeur)), ...(await invitationsOf(q.financeur)), ...(await invitationsOf(q.formateur))];
      expect(ours).toHaveLength(4);
      const invited = [...a.invited, ...b.invited].filter((id) => ours.some((i) => i.id === id)).sort();
      expect(invited).toEqual(ours.map((i) => i.id).sort());
      const events = await db.query<{ n: number }>(
        `select count(*)::int as n from eventlog.event where event_type = 'SurveyInvitationSent' and (payload->>'invitationId')::int = any($1::int[])`, [ours.map((i) => i.id)],
      );
      expect(events[0].n).toBe(4);
    } finally {
      await second.close();
    }
  }, 180_000);
});
