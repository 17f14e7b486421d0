// Training sessions and EDOF declarations (issue 29 item 2, docs/adr/0050): /admin/sessions/… and
// PUT /admin/students/{id}/courses/{courseId}/edof/{kind}/. Every test arranges its own course and people.
import { randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAdmin, type GivenCourse, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

type Method = Parameters<typeof call>[1];

let t: TestApp;
let db: Database;
let admin: GivenAdmin;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});

afterEach(() => t.clock.release());
afterAll(() => t?.close());

const january = { name: 'Session de janvier 2027', start_date: '2027-01-11', end_date: '2027-03-26' };

async function givenSession(course?: GivenCourse, session: Record<string, unknown> = january): Promise<{ course: GivenCourse; sessionId: number }> {
  const c = course ?? (await givenCourse(t));
  const response = await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: c.courseId, ...session });
  expect([response.statusCode, response.json()]).toEqual([201, { id: expect.any(Number) }]);
  return { course: c, sessionId: response.json().id };
}

async function givenLearner(course: GivenCourse, funding: Record<string, unknown> | null = null): Promise<GivenStudent> {
  const student = await givenStudent(t);
  await givenEnrolled(t, student, course, admin);
  if (funding) {
    const response = await call(t, 'PUT', `/api/admin/students/${student.studentId}/courses/${course.courseId}/funding/`, admin.token, funding);
    expect(response.statusCode).toBe(200);
  }
  return student;
}

const sessionEvents = (sessionId: number) =>
  db.query<{ event_type: string; payload: Record<string, unknown> }>(
    `select event_type, payload from eventlog.event where stream_type = 'enrolment.training-session' and stream_id = $1 order by stream_version`,
    [String(sessionId)],
  );

describe('sessions: who may', () => {
  it('refuses a visitor with 401, a student and a trainer with 403, on every call', async () => {
    const { course, sessionId } = await givenSession();
    const [student, teacher] = await Promise.all([givenStudent(t), givenTeacher(t)]);
    const calls: [Method, string, object?][] = [
      ['GET', '/api/admin/sessions/'],
      ['POST', '/api/admin/sessions/', { course: course.courseId, ...january }],
      ['GET', `/api/admin/sessions/${sessionId}/`],
      ['PUT', `/api/admin/sessions/${sessionId}/`, january],
      ['POST', `/api/admin/sessions/${sessionId}/learners/`, { student: student.studentId }],
      ['DELETE', `/api/admin/sessions/${sessionId}/learners/${student.studentId}/`],
      ['POST', `/api/admin/sessions/${sessionId}/trainers/`, { teacher: teacher.teacherId }],
      ['DELETE', `/api/admin/sessions/${sessionId}/trainers/${teacher.teacherId}/`],
      ['PUT', `/api/admin/students/${student.studentId}/courses/${course.courseId}/edof/entry/`],
    ];
    for (const [method, path, body] of calls) {
      expect([method, path, (await call(t, method, path, undefined, body)).statusCode]).toEqual([method, path, 401]);
      for (const token of [student.token, teacher.token]) expect([method, path, (await call(t, method, path, token, body)).statusCode]).toEqual([method, path, 403]);
    }
    expect((await sessionEvents(sessionId)).map((e) => e.event_type)).toEqual(['TrainingSessionScheduled']);
  });
});

describe('POST and PUT /admin/sessions/', () => {
  it('schedules a session of a course, its dates in the log, and lists it with its counts', async () => {
    const { course, sessionId } = await givenSession();
    expect(await sessionEvents(sessionId)).toEqual([
      { event_type: 'TrainingSessionScheduled', payload: { sessionId, courseId: course.courseId, startDate: '2027-01-11', endDate: '2027-03-26' } },
    ]);
    const list = await call(t, 'GET', `/api/admin/sessions/?course=${course.courseId}`, admin.token);
    expect([list.statusCode, list.json()]).toEqual([
      200,
      [{ id: sessionId, course_id: course.courseId, course_title: course.title, name: 'Session de janvier 2027', start_date: '2027-01-11', end_date: '2027-03-26', learners: 0, trainers: 0 }],
    ]);
    expect((await call(t, 'GET', '/api/admin/sessions/', admin.token)).json().map((s: { id: number }) => s.id)).toContain(sessionId);
  });

  it('refuses in French what is not a session, and changes nothing', async () => {
    const course = await givenCourse(t);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...january, course: course.courseId, name: '   ' }, 400, 'Donnez un nom à la session (par exemple « Session de mars 2027 »).'],
      [{ ...january, course: course.courseId, name: null }, 400, 'Donnez un nom à la session (par exemple « Session de mars 2027 »).'],
      [{ ...january, course: course.courseId, start_date: '2027-02-30' }, 400, 'La date de début doit être une date valide (AAAA-MM-JJ).'],
      [{ ...january, course: course.courseId, end_date: '2027-01-10' }, 400, 'La date de fin ne peut pas précéder la date de début.'],
      [{ ...january, course: course.courseId, end_date: 20270326 }, 400, 'La date de fin doit être une date valide (AAAA-MM-JJ).'],
      [{ ...january, course: 2_000_000 }, 404, 'Cours introuvable.'],
      [{ ...january }, 400, 'Le cours est obligatoire.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(t, 'POST', '/api/admin/sessions/', admin.token, body);
      expect([body, response.statusCode, response.json().message]).toEqual([body, status, message]);
    }
    expect((await call(t, 'GET', `/api/admin/sessions/?course=${course.courseId}`, admin.token)).json()).toEqual([]);
  });

  it('answers the session it made when the same scheduling is sent again, one after the other or at once', async () => {
    const course = await givenCourse(t);
    const key = randomUUID();
    const body = { course: course.courseId, ...january, request_key: key };
    const answers = await Promise.all([1, 2].map(() => call(t, 'POST', '/api/admin/sessions/', admin.token, body)));
    const again = await call(t, 'POST', '/api/admin/sessions/', admin.token, body);
    expect([...answers, again].map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set([...answers, again].map((a) => a.json().id)).size).toBe(1);
    expect((await call(t, 'GET', `/api/admin/sessions/?course=${course.courseId}`, admin.token)).json()).toHaveLength(1);
    const bad = await call(t, 'POST', '/api/admin/sessions/', admin.token, { ...body, request_key: 'pas-une-clé' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'La clé de la demande doit être un UUID.']);
  });

  it('renames without an event, records new dates, and answers 404 for an unknown session', async () => {
    const { sessionId } = await givenSession();
    const rename = await call(t, 'PUT', `/api/admin/sessions/${sessionId}/`, admin.token, { ...january, name: 'Janvier 2027 — groupe B' });
    expect([rename.statusCode, rename.json()]).toEqual([200, { changed: true }]);
    const again = await call(t, 'PUT', `/api/admin/sessions/${sessionId}/`, admin.token, { ...january, name: 'Janvier 2027 — groupe B' });
    expect(again.json()).toEqual({ changed: false });
    const moved = await call(t, 'PUT', `/api/admin/sessions/${sessionId}/`, admin.token, { ...january, name: 'Janvier 2027 — groupe B', start_date: '2027-01-18' });
    expect(moved.json()).toEqual({ changed: true });
    expect((await sessionEvents(sessionId)).map((e) => e.event_type)).toEqual(['TrainingSessionScheduled', 'TrainingSessionRescheduled']);
    const unknown = await call(t, 'PUT', '/api/admin/sessions/2000000/', admin.token, january);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Session de formation introuvable.']);
    expect((await call(t, 'GET', '/api/admin/sessions/2000000/', admin.token)).statusCode).toBe(404);
  });
});

describe('a session’s members', () => {
  it('takes enrolled learners and accepted trainers, once each, and keeps those who leave', async () => {
    const { course, sessionId } = await givenSession();
    const learner = await givenLearner(course);
    const stranger = await givenStudent(t);
    const [trainer, pending] = await Promise.all([givenTeacher(t, { fullName: 'Claire Martin' }), givenTeacher(t, { pending: true })]);
    const add = (body: Record<string, unknown>, role = 'learners') => call(t, 'POST', `/api/admin/sessions/${sessionId}/${role}/`, admin.token, body);

    expect([(await add({ student: learner.studentId })).json(), (await add({ student: learner.studentId })).json()]).toEqual([{ added: true }, { added: false }]);
    const refused = await add({ student: stranger.studentId });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Inscrivez d’abord cet apprenant au cours de la session.']);
    expect((await add({ teacher: trainer.teacherId }, 'trainers')).json()).toEqual({ added: true });
    const notAccepted = await add({ teacher: pending.teacherId }, 'trainers');
    expect([notAccepted.statusCode, notAccepted.json().message]).toEqual([400, 'Seul un formateur accepté par le centre peut encadrer une session.']);

    const detail = (await call(t, 'GET', `/api/admin/sessions/${sessionId}/`, admin.token)).json();
    expect([detail.learners, detail.trainers, detail.trainers_list.map((x: { full_name: string }) => x.full_name)]).toEqual([1, 1, ['Claire Martin']]);
    expect(detail.learners_list).toEqual([expect.objectContaining({ student_id: learner.studentId, left_at: null, cpf: false, edof: null })]);

    expect((await call(t, 'DELETE', `/api/admin/sessions/${sessionId}/learners/${learner.studentId}/`, admin.token)).statusCode).toBe(204);
    // Removed again (a double click, a retry): its outcome, nothing more recorded; never in: 404.
    expect((await call(t, 'DELETE', `/api/admin/sessions/${sessionId}/learners/${learner.studentId}/`, admin.token)).statusCode).toBe(204);
    const never = await call(t, 'DELETE', `/api/admin/sessions/${sessionId}/learners/${stranger.studentId}/`, admin.token);
    expect([never.statusCode, never.json().message]).toEqual([404, 'Cet apprenant ne fait pas partie de la session.']);
    const after = (await call(t, 'GET', `/api/admin/sessions/${sessionId}/`, admin.token)).json();
    expect([after.learners, after.learners_list.map((l: { left_at: string | null }) => l.left_at !== null)]).toEqual([0, [true]]);
    expect((await sessionEvents(sessionId)).map((e) => e.event_type)).toEqual(['TrainingSessionScheduled', 'SessionLearnerAdded', 'SessionTrainerAdded', 'SessionLearnerRemoved']);

    // A trainer who led a session, and a learner who was in one, are closed, not erased: the session keeps their names.
    for (const path of [`/api/formateur/${trainer.teacherId}/removal/`, `/api/admin/students/${learner.studentId}/removal/`]) {
      const plan = (await call(t, 'GET', path, admin.token)).json();
      expect([path, plan.mode, plan.reasons.map((r: { code: string }) => r.code)]).toEqual([path, 'close', expect.arrayContaining(['enrolment'])]);
    }
  });

  it('keeps a learner in one session of a course at a time, even when two admins add them at once', async () => {
    const { course, sessionId: first } = await givenSession();
    const { sessionId: second } = await givenSession(course, { ...january, name: 'Session de février 2027', start_date: '2027-02-01' });
    const learner = await givenLearner(course);
    const answers = await Promise.all([first, second].map((id) => call(t, 'POST', `/api/admin/sessions/${id}/learners/`, admin.token, { student: learner.studentId })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Cet apprenant fait déjà partie d’une autre session de ce cours : retirez-le d’abord de celle-ci.');
    const rows = await db.query('select session_id from enrolment.session_member where role = $1 and person_id = $2 and left_at is null', ['learner', learner.studentId]);
    expect(rows).toHaveLength(1);
    // The same learner added twice to the same session at once: one membership, both answered.
    const { course: otherCourse, sessionId: third } = await givenSession();
    const other = await givenLearner(otherCourse);
    const twice = await Promise.all([1, 2].map(() => call(t, 'POST', `/api/admin/sessions/${third}/learners/`, admin.token, { student: other.studentId })));
    expect(twice.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(twice.map((a) => a.json().added).sort()).toEqual([false, true]);
  });
});

describe('EDOF declarations of a CPF enrolment', () => {
  const cpf = { funder: 'cpf', dossier_number: 'CPF-2027-000123', employer_name: null, employer_siret: null, entry_date: null, exit_date: null };

  it('show the deadlines of the day, three working days after the session’s dates, and record the server’s day', async () => {
    const { course, sessionId } = await givenSession();
    const learner = await givenLearner(course, cpf);
    await call(t, 'POST', `/api/admin/sessions/${sessionId}/learners/`, admin.token, { student: learner.studentId });
    const edof = async () => (await call(t, 'GET', `/api/admin/sessions/${sessionId}/`, admin.token)).json().learners_list[0].edof;
    const declare = (kind: string) => call(t, 'PUT', `/api/admin/students/${learner.studentId}/courses/${course.courseId}/edof/${kind}/`, admin.token);

    t.clock.set(new Date('2027-01-08T10:00:00Z'));
    expect((await edof()).entry).toEqual({ kind: 'entry', date: '2027-01-11', deadline: '2027-01-14', declared_on: null, status: 'a_venir', working_days_left: null });
    const early = await declare('entry');
    expect([early.statusCode, early.json().message]).toEqual([400, 'L’entrée ne peut être déclarée qu’à partir du 11/01/2027.']);

    t.clock.set(new Date('2027-01-12T10:00:00Z'));
    expect((await edof()).entry).toMatchObject({ status: 'a_declarer', working_days_left: 2 });
    // Half past midnight in Paris on the 15th: late; half past eleven on the 14th: the last day, in time.
    t.clock.set(new Date('2027-01-14T23:30:00Z'));
    expect((await edof()).entry.status).toBe('en_retard');
    t.clock.set(new Date('2027-01-14T22:30:00Z'));
    expect((await edof()).entry).toMatchObject({ status: 'a_declarer', working_days_left: 0 });
    const [first, retry] = await Promise.all([declare('entry'), declare('entry')]);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect([first.json(), retry.json()].map((a) => a.declared_on)).toEqual(['2027-01-14', '2027-01-14']);
    expect([first.json().declared, retry.json().declared].sort()).toEqual([false, true]);
    expect((await edof()).entry).toMatchObject({ status: 'declaree', declared_on: '2027-01-14' });

    const exitEarly = await declare('exit');
    expect([exitEarly.statusCode, exitEarly.json().message]).toEqual([400, 'La sortie ne peut être déclarée qu’à partir du 26/03/2027.']);
    // The exit's delay runs over Easter Monday 2027: due on 1 April, declared on the 2nd, late.
    t.clock.set(new Date('2027-04-02T09:00:00Z'));
    expect((await edof()).exit).toMatchObject({ deadline: '2027-04-01', status: 'en_retard' });
    expect((await declare('exit')).json()).toEqual({ declared: true, declared_on: '2027-04-02' });
    expect((await edof()).exit.status).toBe('declaree_en_retard');
    // Moving the exit date afterwards (the funding's own date) does not turn the late declaration into one in time.
    const moved = await call(t, 'PUT', `/api/admin/students/${learner.studentId}/courses/${course.courseId}/funding/`, admin.token, { ...cpf, exit_date: '2027-03-31' });
    expect(moved.statusCode).toBe(200);
    expect((await edof()).exit).toMatchObject({ date: '2027-03-26', deadline: '2027-04-01', declared_on: '2027-04-02', status: 'declaree_en_retard' });

    const events = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from eventlog.event where stream_type = 'enrolment.student-course' and stream_id = $1 and event_type = 'EdofDeclared' order by stream_version`,
      [`${learner.studentId}-${course.courseId}`],
    );
    expect(events.map((e) => e.payload)).toEqual([
      { studentId: learner.studentId, courseId: course.courseId, kind: 'entry', date: '2027-01-11', deadline: '2027-01-14', declaredOn: '2027-01-14', late: false },
      { studentId: learner.studentId, courseId: course.courseId, kind: 'exit', date: '2027-03-26', deadline: '2027-04-01', declaredOn: '2027-04-02', late: true },
    ]);
    // Once the learner left the session, its page shows no deadline of theirs (their declarations follow their current session).
    expect((await call(t, 'DELETE', `/api/admin/sessions/${sessionId}/learners/${learner.studentId}/`, admin.token)).statusCode).toBe(204);
    const left = (await call(t, 'GET', `/api/admin/sessions/${sessionId}/`, admin.token)).json().learners_list[0];
    expect([left.cpf, left.left_at !== null, left.edof]).toEqual([true, true, null]);
  });

  it('are refused for an enrolment that is not the CPF’s, an unknown kind, or a student not enrolled', async () => {
    const course = await givenCourse(t);
    const opco = await givenLearner(course, { ...cpf, funder: 'opco', entry_date: '2026-09-01' });
    const notCpf = await call(t, 'PUT', `/api/admin/students/${opco.studentId}/courses/${course.courseId}/edof/entry/`, admin.token);
    expect([notCpf.statusCode, notCpf.json().message]).toEqual([400, 'Seule une inscription financée par le CPF se déclare sur EDOF.']);
    const kind = await call(t, 'PUT', `/api/admin/students/${opco.studentId}/courses/${course.courseId}/edof/sortie/`, admin.token);
    expect([kind.statusCode, kind.json().message]).toEqual([400, 'Déclaration inconnue : « entry » (entrée) ou « exit » (sortie).']);
    const stranger = await givenStudent(t);
    const none = await call(t, 'PUT', `/api/admin/students/${stranger.studentId}/courses/${course.courseId}/edof/entry/`, admin.token);
    expect([none.statusCode, none.json().message]).toEqual([404, "Cet étudiant n'est pas inscrit à ce cours."]);
    const noDate = await givenLearner(course, cpf);
    const unknownDate = await call(t, 'PUT', `/api/admin/students/${noDate.studentId}/courses/${course.courseId}/edof/entry/`, admin.token);
    expect([unknownDate.statusCode, unknownDate.json().message]).toEqual([400, 'Renseignez d’abord la date d’entrée en formation.']);
    const declared = await db.query(`select 1 from eventlog.event where event_type = 'EdofDeclared' and (payload->>'courseId')::int = $1`, [course.courseId]);
    expect(declared).toEqual([]);
  });
});
