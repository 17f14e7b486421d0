// Engagement alerts and reminders (issue 29 item 5, docs/adr/0053), against the real app, a real
// PostgreSQL and a real SMTP catcher: who is in alert and who sees them, the settings, « Relancer
// maintenant », the daily job's reminders (each an event, mailed once), with two app instances on
// one database and with a run cut off in the middle.
import { randomUUID } from 'node:crypto';
import { createApp } from '../../../create-app.js';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { readMail, startSmtpCatcher } from '../../../platform/testing/smtp-catcher.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, uniqueName, type GivenAdmin, type GivenCourse, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { EngagementReminders } from '../testing.js';

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

afterEach(() => t.clock.release());

const DAY = 86_400_000;
const parisDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) || m.to.includes(email));
const remindedEvents = (studentId: number) =>
  db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = 'LearnerReminded' and (payload->>'studentId')::int = $1 order by position`, [studentId]);
const mailedEvents = (studentId: number) =>
  db.query<{ payload: Record<string, unknown> }>(
    `select e.payload from eventlog.event e join engagement.reminder r on r.id = (e.payload->>'reminderId')::int
      where e.event_type = 'LearnerReminderMailed' and r.student_id = $1 order by e.position`, [studentId]);

/**
 * A course of two text steps given by a trainer, and its learners: Karim enrolled 10 days ago and
 * never started; Nadia enrolled 20 days ago, opened the first step 15 days ago; Léa opened it
 * yesterday but validated nothing, in a session at 50 % of its ten days; Inès, active yesterday,
 * at 50 % in it, on time; Marc suspended and Paul unenrolled, both never started. A second trainer's course has Zoé,
 * not started.
 */
async function world() {
  const family = uniqueName('Assiduite').replace(' ', '');
  const teacher = await givenTeacher(t);
  const other = await givenTeacher(t);
  const course = await givenCourse(t, {
    teacherId: teacher.teacherId,
    chapters: [
      { title: 'Accueil', contentType: 'text', duration: 0, textContent: 'Bienvenue.' },
      { title: 'Synthèse', contentType: 'text', duration: 0, textContent: 'Fin.' },
    ],
  });
  const otherCourse = await givenCourse(t, { teacherId: other.teacherId, chapters: [{ title: 'Seul', contentType: 'text', duration: 0, textContent: 'Texte.' }] });
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [course.courseId]);
  const open = async (student: GivenStudent) => {
    const body = { student: student.studentId, course: course.courseId, content_type: 'text', chapter: chapter!.id, session_id: randomUUID() };
    expect((await call(t, 'POST', '/api/progress/', student.token, body)).statusCode).toBe(201);
  };
  const learner = async (prenom: string, daysAgo: number, on: GivenCourse = course) => {
    const student = await givenStudent(t, { fullname: `${prenom} ${family}` });
    t.clock.set(new Date(Date.now() - daysAgo * DAY));
    await givenEnrolled(t, student, on);
    t.clock.release();
    return student;
  };
  const nadia = await learner('Nadia', 20);
  t.clock.set(new Date(Date.now() - 15 * DAY));
  await open(nadia);
  t.clock.release();
  const karim = await learner('Karim', 10);
  const lea = await learner('Léa', 9);
  const ines = await learner('Inès', 9);
  const marc = await learner('Marc', 10);
  const paul = await learner('Paul', 10);
  const zoe = await learner('Zoé', 10, otherCourse);
  t.clock.set(new Date(Date.now() - DAY));
  await open(lea);
  await open(ines);
  t.clock.release();
  // Inès validates the first of two steps: 50 %.
  const validate = { student: ines.studentId, course: course.courseId, content_type: 'text', chapter: chapter!.id, validated: true };
  expect((await call(t, 'POST', '/api/progress/', ines.token, validate)).statusCode).toBe(201);
  const start = parisDay(new Date(Date.now() - 4 * DAY));
  const end = parisDay(new Date(Date.now() + 5 * DAY));
  const session = await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: course.courseId, name: `Session ${family}`, start_date: start, end_date: end });
  expect(session.statusCode).toBe(201);
  const sessionId = session.json().id as number;
  for (const s of [lea, ines]) expect((await call(t, 'POST', `/api/admin/sessions/${sessionId}/learners/`, admin.token, { student: s.studentId })).statusCode).toBeLessThan(300);
  expect((await call(t, 'POST', `/api/student/${marc.studentId}/toggle-active/`, admin.token)).json()).toMatchObject({ is_active: false });
  expect((await call(t, 'DELETE', `/api/remove-enrolled-course/${paul.studentId}/${course.courseId}/`, admin.token)).statusCode).toBe(200);
  // The projections follow the log: wait until they show the three learners who opened a step.
  await eventually(async () => {
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from progress.student_course_figures where course_id = $1 and last_activity_at is not null', [course.courseId]);
    expect(row!.n).toBe(3);
    const [ok] = await db.query<{ v: number }>('select validated_steps as v from progress.student_course_figures where course_id = $1 and student_id = $2', [course.courseId, ines.studentId]);
    expect(ok!.v).toBe(1);
  });
  return { family, teacher, other, course, otherCourse, sessionId, nadia, karim, lea, ines, marc, paul, zoe };
}

type World = Awaited<ReturnType<typeof world>>;
const alertsOf = async (token: string, query = '') => (await call(t, 'GET', `/api/engagement/alerts/?page_size=50${query}`, token)).json();
const mine = (w: World, results: { student_name: string }[]) => results.filter((r) => r.student_name.endsWith(w.family)).map((r) => r.student_name.split(' ')[0]);

describe('GET /api/engagement/alerts/', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('lists for an admin the learners not started, inactive and behind, with the figures they were judged on', async () => {
    const page = await alertsOf(admin.token, `&course=${w.course.courseId}`);
    expect(page.count).toBe(3);
    expect(page.results.map((r: { student_name: string; kind: string }) => [r.student_name.split(' ')[0], r.kind])).toEqual([['Karim', 'not_started'], ['Nadia', 'inactive'], ['Léa', 'behind']]);
    const [karim, nadia, lea] = page.results;
    expect(karim).toMatchObject({ student_id: w.karim.studentId, course_id: w.course.courseId, course_title: w.course.title, days: 10, percentage: 0, expected_percentage: null, last_activity_at: null, reminders: [] });
    expect(nadia).toMatchObject({ days: 15, percentage: 0, session_id: null });
    expect(lea).toMatchObject({ days: null, percentage: 0, expected_percentage: 50, session_id: w.sessionId, session_name: `Session ${w.family}` });
  });

  it('leaves out the suspended, the unenrolled and the learners on time; filters by kind, session and course; pages on the server', async () => {
    expect(mine(w, (await alertsOf(admin.token)).results).sort()).toEqual(['Karim', 'Léa', 'Nadia', 'Zoé']);
    expect(mine(w, (await alertsOf(admin.token, '&kind=inactive')).results)).toEqual(['Nadia']);
    expect(mine(w, (await alertsOf(admin.token, `&session=${w.sessionId}`)).results)).toEqual(['Léa']);
    const first = (await call(t, 'GET', `/api/engagement/alerts/?course=${w.course.courseId}&page_size=2`, admin.token)).json();
    expect(first).toMatchObject({ count: 3, previous: null });
    expect(first.next).toContain('page=2');
    const second = (await call(t, 'GET', `/api/engagement/alerts/?course=${w.course.courseId}&page_size=2&page=2`, admin.token)).json();
    expect(second.results.map((r: { student_name: string }) => r.student_name.split(' ')[0])).toEqual(['Léa']);
  });

  it('shows a trainer only their courses’ learners, and refuses another’s course, students and visitors', async () => {
    expect(mine(w, (await alertsOf(w.teacher.token)).results).sort()).toEqual(['Karim', 'Léa', 'Nadia']);
    expect(mine(w, (await alertsOf(w.other.token)).results)).toEqual(['Zoé']);
    const refused = await call(t, 'GET', `/api/engagement/alerts/?course=${w.course.courseId}`, w.other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Vous n\'avez pas accès à cette ressource.');
    expect((await call(t, 'GET', '/api/engagement/alerts/', w.karim.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/engagement/alerts/')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/engagement/reminders/', w.karim.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/engagement/filters/', w.karim.token)).statusCode).toBe(403);
  });

  it('gives the filters: a trainer’s own courses and their sessions, every course for an admin', async () => {
    const own = (await call(t, 'GET', '/api/engagement/filters/', w.teacher.token)).json();
    expect(own).toEqual({ courses: [{ id: w.course.courseId, title: w.course.title }], sessions: [{ id: w.sessionId, name: `Session ${w.family}`, course_id: w.course.courseId }] });
    const all = (await call(t, 'GET', '/api/engagement/filters/', admin.token)).json();
    expect(all.courses.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([w.course.courseId, w.otherCourse.courseId]));
  });

  it('answers bad filters with a French 400 and an unknown course with 404', async () => {
    const kind = await call(t, 'GET', '/api/engagement/alerts/?kind=absent', admin.token);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toContain('Le type d’alerte doit être « not_started », « inactive » ou « behind ».');
    expect((await call(t, 'GET', '/api/engagement/alerts/?page_size=500', admin.token)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/engagement/alerts/?session=abc', admin.token)).statusCode).toBe(400);
    const unknown = await call(t, 'GET', '/api/engagement/alerts/?course=999999', admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Cours introuvable.');
  });

  describe('POST /api/engagement/alerts/remind/ (« Relancer maintenant »)', () => {
    it('e-mails the learner at once, records the reminder with its figures, and answers a retry with the same reminder', async () => {
      const key = randomUUID();
      const body = { student_id: w.karim.studentId, course_id: w.course.courseId, request_key: key };
      const sent = await call(t, 'POST', '/api/engagement/alerts/remind/', admin.token, body);
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ nth: 1, kind: 'not_started', mailed: true });
      const again = await call(t, 'POST', '/api/engagement/alerts/remind/', admin.token, body);
      expect(again.json()).toEqual(sent.json());
      expect(mailsTo(w.karim.email)).toHaveLength(1);
      const mail = readMail(mailsTo(w.karim.email)[0]!);
      expect(mail.subject).toBe(`Votre formation « ${w.course.title} » vous attend`);
      expect(mail.text).toContain('depuis 10 jours');
      expect((await remindedEvents(w.karim.studentId)).map((e) => e.payload)).toEqual([{
        reminderId: sent.json().reminder_id, studentId: w.karim.studentId, courseId: w.course.courseId, kind: 'not_started', nth: 1, manual: true,
        byRole: 'admin', byId: admin.actor.profileId, episodeStart: expect.any(String),
        figures: { days: 10, percentage: 0, expectedPercentage: null, threshold: 7, sessionId: null },
      }]);
      expect((await mailedEvents(w.karim.studentId)).map((e) => e.payload)).toEqual([{ reminderId: sent.json().reminder_id, delivered: true }]);
      const [row] = (await alertsOf(admin.token, '&kind=not_started')).results.filter((r: { student_id: number }) => r.student_id === w.karim.studentId);
      expect(row.reminders).toEqual([{ id: sent.json().reminder_id, nth: 1, decided_at: expect.any(String), manual: true, mailed_at: expect.any(String), activity_since: false }]);
    });

    it('lets the course’s trainer remind their learner, and refuses another trainer, a learner not in alert, an unknown enrolment, a student', async () => {
      const sent = await call(t, 'POST', '/api/engagement/alerts/remind/', w.teacher.token, { student_id: w.nadia.studentId, course_id: w.course.courseId });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ nth: 1, kind: 'inactive', mailed: true });
      expect(readMail(mailsTo(w.nadia.email)[0]!).subject).toBe(`Reprenez votre formation « ${w.course.title} »`);
      const other = await call(t, 'POST', '/api/engagement/alerts/remind/', w.other.token, { student_id: w.nadia.studentId, course_id: w.course.courseId });
      expect(other.statusCode).toBe(403);
      const onTime = await call(t, 'POST', '/api/engagement/alerts/remind/', admin.token, { student_id: w.ines.studentId, course_id: w.course.courseId });
      expect(onTime.statusCode).toBe(409);
      expect(onTime.json().message).toBe('Cet apprenant n’est pas en alerte pour cette formation : aucune relance n’est envoyée.');
      for (const s of [w.marc, w.paul]) expect((await call(t, 'POST', '/api/engagement/alerts/remind/', admin.token, { student_id: s.studentId, course_id: w.course.courseId })).statusCode).toBe(404);
      expect((await call(t, 'POST', '/api/engagement/alerts/remind/', w.karim.token, { student_id: w.karim.studentId, course_id: w.course.courseId })).statusCode).toBe(403);
      const bad = await call(t, 'POST', '/api/engagement/alerts/remind/', admin.token, { student_id: 'x', course_id: w.course.courseId, request_key: 'pas-une-cle' });
      expect(bad.statusCode).toBe(400);
      expect(mailsTo(w.marc.email)).toHaveLength(0);
      expect(mailsTo(w.ines.email)).toHaveLength(0);
    });

    it('lists the reminders sent with the learner’s activity since each one', async () => {
      const before = (await call(t, 'GET', `/api/engagement/reminders/?course=${w.course.courseId}`, w.teacher.token)).json();
      expect(before.results.map((r: { student_name: string; nth: number; activity_since: boolean }) => [r.student_name.split(' ')[0], r.nth, r.activity_since])).toEqual([['Nadia', 1, false], ['Karim', 1, false]]);
      const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1 order by position limit 1', [w.course.courseId]);
      await call(t, 'POST', '/api/progress/', w.nadia.token, { student: w.nadia.studentId, course: w.course.courseId, content_type: 'text', chapter: chapter!.id, validated: true });
      await eventually(async () => {
        const after = (await call(t, 'GET', `/api/engagement/reminders/?course=${w.course.courseId}&kind=inactive`, admin.token)).json();
        expect(after.results.map((r: { activity_since: boolean }) => r.activity_since)).toEqual([true]);
      });
      expect((await call(t, 'GET', `/api/engagement/reminders/?course=${w.course.courseId}`, w.other.token)).json().count).toBe(0);
    });
  });
});

describe('GET and PUT /api/admin/engagement/settings/', () => {
  it('answers the defaults, changes what is sent (an event), refuses bad values in French and everyone but admins', async () => {
    const read = await call(t, 'GET', '/api/admin/engagement/settings/', admin.token);
    expect(read.json()).toEqual({
      not_started_enabled: true, not_started_days: 7, inactive_enabled: true, inactive_days: 7, behind_enabled: true, behind_margin_points: 20,
      reminder_interval_days: 7, max_reminders: 3, changed_at: null,
    });
    const changed = await call(t, 'PUT', '/api/admin/engagement/settings/', admin.token, { inactive_days: 21, behind_enabled: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ inactive_days: 21, behind_enabled: false, not_started_days: 7, changed_at: expect.any(String) });
    const [event] = await db.query<{ payload: Record<string, unknown> }>(`select payload from eventlog.event where event_type = 'EngagementSettingsChanged' order by position desc limit 1`);
    expect(event!.payload).toMatchObject({ inactiveDays: 21, behindEnabled: false, adminId: admin.actor.profileId });
    for (const [body, message] of [
      [{ inactive_days: 0 }, 'Le délai « inactif » doit être un nombre entier de jours entre 1 et 365.'],
      [{ max_reminders: 2.5 }, 'Le nombre maximal de relances doit être un entier entre 0 et 20.'],
      [{ behind_margin_points: '10' }, 'La marge de retard doit être un nombre entier de points entre 0 et 100.'],
      [{ not_started_enabled: 'oui' }, 'Chaque type d’alerte est activé (true) ou désactivé (false).'],
    ] as const) {
      const refused = await call(t, 'PUT', '/api/admin/engagement/settings/', admin.token, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const teacher = await givenTeacher(t);
    expect((await call(t, 'PUT', '/api/admin/engagement/settings/', teacher.token, { inactive_days: 3 })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/engagement/settings/', teacher.token)).statusCode).toBe(403);
    expect((await call(t, 'PUT', '/api/admin/engagement/settings/', admin.token, { inactive_days: 7, behind_enabled: true })).json()).toMatchObject({ inactive_days: 7, behind_enabled: true });
  });
});

describe('the daily reminders (job engagement.daily-reminders)', () => {
  it('reminds each learner in alert once per interval, up to the maximum; never the suspended, the unenrolled, the learners on time', async () => {
    const w = await world();
    const reminders = t.app.get(EngagementReminders);
    await reminders.runDaily();
    for (const s of [w.karim, w.nadia, w.lea, w.zoe]) expect(mailsTo(s.email)).toHaveLength(1);
    for (const s of [w.ines, w.marc, w.paul]) expect(mailsTo(s.email)).toHaveLength(0);
    expect(readMail(mailsTo(w.lea.email)[0]!).text).toContain('écoulée à 50 %, et votre progression est de 0 %');
    expect((await remindedEvents(w.lea.studentId))[0]!.payload).toMatchObject({ kind: 'behind', nth: 1, manual: false, byRole: null, figures: { percentage: 0, expectedPercentage: 50, threshold: 20, sessionId: w.sessionId } });
    // The same day again: nothing. Six days later: still within the interval (7 days).
    await reminders.runDaily();
    t.clock.set(new Date(Date.now() + 6 * DAY));
    await reminders.runDaily();
    expect(mailsTo(w.karim.email)).toHaveLength(1);
    // Each week after: the 2nd and 3rd; then no more (max 3).
    for (const week of [7, 14, 21, 28]) {
      t.clock.set(new Date(Date.now() + week * DAY + 60_000));
      await reminders.runDaily();
    }
    expect(mailsTo(w.karim.email)).toHaveLength(3);
    expect((await remindedEvents(w.karim.studentId)).map((e) => e.payload.nth)).toEqual([1, 2, 3]);
    expect((await mailedEvents(w.karim.studentId))).toHaveLength(3);
    expect(mailsTo(w.marc.email)).toHaveLength(0);
  }, 120_000);

  it('finishes a run cut off in the middle once: what was decided is mailed by the next run, nothing twice', async () => {
    const w = await world();
    const reminders = t.app.get(EngagementReminders);
    t.clock.set(new Date(Date.now() + 100 * DAY));
    // First run: the mail server turns Karim and Nadia away (the run ends before their e-mails go).
    smtp.refused.add(w.karim.email.toLowerCase());
    smtp.refused.add(w.nadia.email.toLowerCase());
    await reminders.runDaily();
    expect(mailsTo(w.lea.email)).toHaveLength(1);
    expect(await remindedEvents(w.karim.studentId)).toHaveLength(1);
    expect(await mailedEvents(w.karim.studentId)).toHaveLength(0);
    // A node that died holding Nadia's e-mail: her claim stays until it expires.
    await db.query(`update engagement.reminder set claimed_until = $1 where student_id = $2`, [new Date(t.clock.now().getTime() + 10 * 60_000), w.nadia.studentId]);
    smtp.refused.clear();
    // The next run (a restart, the job's retry): Karim's e-mail goes once, Nadia's not yet, no new decision.
    await reminders.runDaily();
    expect(mailsTo(w.karim.email)).toHaveLength(1);
    expect(mailsTo(w.nadia.email)).toHaveLength(0);
    t.clock.set(new Date(t.clock.now().getTime() + 11 * 60_000));
    await reminders.runDaily();
    await reminders.runDaily();
    for (const s of [w.karim, w.nadia, w.lea]) {
      expect(mailsTo(s.email)).toHaveLength(1);
      expect(await remindedEvents(s.studentId)).toHaveLength(1);
      expect((await mailedEvents(s.studentId)).map((e) => e.payload.delivered)).toEqual([true]);
    }
  }, 120_000);
  // Last: two apps in one process share passport's strategy, so t's HTTP calls are not used once the other closed (ADR 0031).
  it('sends each reminder exactly once with two app instances on one database running the job at once', async () => {
    const w = await world();
    const second = await createApp(t.config, t.databaseUrl, { logLevels: ['error'], clock: t.clock });
    try {
      t.clock.set(new Date(Date.now() + 60 * DAY));
      await Promise.all([t.app.get(EngagementReminders).runDaily(), second.get(EngagementReminders).runDaily(), t.app.get(EngagementReminders).runDaily()]);
    } finally {
      await second.close();
    }
    for (const s of [w.karim, w.nadia, w.lea, w.zoe]) {
      expect(mailsTo(s.email)).toHaveLength(1);
      expect(await remindedEvents(s.studentId)).toHaveLength(1);
      expect(await mailedEvents(s.studentId)).toHaveLength(1);
    }
  }, 120_000);

});
