// The admins' reminders before an EDOF deadline passes (issue 29 item 2, docs/adr/0053): the daily
// job against the real app, a real PostgreSQL and a real SMTP catcher, the server's clock set by the
// test; each reminder an event, the digest mailed once, with a run cut off and two app instances.
import { createApp } from '../../../create-app.js';
import { Database } from '../../../platform/database/database.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, type GivenAdmin, type GivenCourse, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { EdofReminders } from '../testing.js';

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

const cpf = { funder: 'cpf', dossier_number: 'CPF-2027-000123', employer_name: null, employer_siret: null, exit_date: '2027-03-26' };
const events = (type: string) => db.query<{ payload: Record<string, unknown> }>('select payload from eventlog.event where event_type = $1 order by position', [type]);

async function learner(course: GivenCourse, name: string, funding: Record<string, unknown>): Promise<GivenStudent> {
  const student = await givenStudent(t, { fullname: name });
  await givenEnrolled(t, student, course);
  const response = await call(t, 'PUT', `/api/admin/students/${student.studentId}/courses/${course.courseId}/funding/`, admin.token, funding);
  expect(response.statusCode).toBe(200);
  return student;
}

describe('the daily EDOF reminders (job enrolment.edof-reminders)', () => {
  let course: GivenCourse;
  let anne: GivenStudent;
  let bruno: GivenStudent;
  let fanny: GivenStudent;

  beforeAll(async () => {
    course = await givenCourse(t, { title: 'Excel : tableaux croisés dynamiques' });
    // Anne entered on Monday 11 January 2027 (due Thursday 14), Bruno on Friday 8 (due Wednesday 13), Fanny on Tuesday 12 (due Friday 15).
    anne = await learner(course, 'Anne Martin', { ...cpf, entry_date: '2027-01-11' });
    bruno = await learner(course, 'Bruno Petit', { ...cpf, entry_date: '2027-01-08' });
    fanny = await learner(course, 'Fanny Roux', { ...cpf, entry_date: '2027-01-12' });
    // None for: an OPCO learner, a CPF entry already declared, one already late.
    await learner(course, 'Oscar Opco', { ...cpf, funder: 'opco', entry_date: '2027-01-11' });
    const declared = await learner(course, 'Diane Faite', { ...cpf, entry_date: '2027-01-11' });
    t.clock.set(new Date('2027-01-12T10:00:00Z'));
    expect((await call(t, 'PUT', `/api/admin/students/${declared.studentId}/courses/${course.courseId}/edof/entry/`, admin.token)).statusCode).toBe(200);
    await learner(course, 'Léon Tard', { ...cpf, entry_date: '2027-01-04' });
  });

  it('reminds the admins the working day before and on the deadline, once, each reminder an event; a run cut off is finished by the next', async () => {
    // Wednesday 13 January: Bruno's last day, Anne's eve. The mail server turns the admin away first.
    t.clock.set(new Date('2027-01-13T07:00:00Z'));
    smtp.refused.add(admin.email.toLowerCase());
    await t.app.get(EdofReminders).runDaily();
    expect(smtp.mails).toHaveLength(0);
    expect((await events('EdofDeadlineReminded')).map((e) => [e.payload.studentId, e.payload.stage])).toEqual([[anne.studentId, 'veille'], [bruno.studentId, 'jour']]);
    expect(await events('EdofReminderMailed')).toEqual([]);
    smtp.refused.clear();
    await t.app.get(EdofReminders).runDaily();
    await t.app.get(EdofReminders).runDaily();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual([admin.email.toLowerCase()]);
    const digest = readMail(smtp.mails[0]!);
    expect(digest.subject).toBe('Déclarations EDOF à faire : 2 échéances proches');
    expect(digest.text).toContain('- Bruno Petit — « Excel : tableaux croisés dynamiques » : déclarer l’entrée du 08/01/2027 avant le 13/01/2027 (dernier jour aujourd’hui).');
    expect(digest.text).toContain('- Anne Martin — « Excel : tableaux croisés dynamiques » : déclarer l’entrée du 11/01/2027 avant le 14/01/2027 (dernier jour demain ouvré).');
    expect(digest.text).not.toMatch(/Oscar|Diane|Léon|Fanny/);
    expect((await events('EdofDeadlineReminded'))[1]!.payload).toEqual({
      reminderId: expect.any(Number), studentId: bruno.studentId, courseId: course.courseId, kind: 'entry', date: '2027-01-08', deadline: '2027-01-13', stage: 'jour', today: '2027-01-13',
    });
    expect((await events('EdofReminderMailed')).map((e) => e.payload.recipients)).toEqual([1, 1]);
  });

  // Last: two apps in one process share passport's strategy (ADR 0031); no HTTP call after it.
  it('sends the next day’s digest once with two app instances running the job at once', async () => {
    t.clock.set(new Date('2027-01-14T07:00:00Z'));
    const second = await createApp(t.config, t.databaseUrl, { logLevels: ['error'], clock: t.clock });
    try {
      await Promise.all([t.app.get(EdofReminders).runDaily(), second.get(EdofReminders).runDaily()]);
    } finally {
      await second.close();
    }
    expect(smtp.mails).toHaveLength(2);
    const digest = readMail(smtp.mails[1]!);
    expect(digest.subject).toBe('Déclarations EDOF à faire : 2 échéances proches');
    expect(digest.text).toContain('Anne Martin — « Excel : tableaux croisés dynamiques » : déclarer l’entrée du 11/01/2027 avant le 14/01/2027 (dernier jour aujourd’hui).');
    expect(digest.text).toContain('Fanny Roux — « Excel : tableaux croisés dynamiques » : déclarer l’entrée du 12/01/2027 avant le 15/01/2027 (dernier jour demain ouvré).');
    expect((await events('EdofDeadlineReminded')).map((e) => [e.payload.studentId, e.payload.stage])).toEqual([
      [anne.studentId, 'veille'], [bruno.studentId, 'jour'], [anne.studentId, 'jour'], [fanny.studentId, 'veille'],
    ]);
    expect(await events('EdofReminderMailed')).toHaveLength(4);
  });
});
