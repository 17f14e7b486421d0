// EDOF's « service fait » per training session (issue 29 item 2, docs/adr/0050): the admin's reason
// per learner, GET /admin/sessions/{id}/service-fait/ and its XLSX, and the progress tracking and its
// export filtered by session. Every test arranges its own course and people.
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import ExcelJS from 'exceljs';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, uniqueName, type GivenAdmin, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { DeclareCoursePromises } from '../../catalogue/testing.js';
import { subscriptionsBehind } from '../../../platform/event-log/checkpoints.js';

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

/** Monday 11 January 2027, 09:00 in Paris. */
const T0 = Date.parse('2027-01-11T08:00:00Z');

/**
 * A course planned 120 minutes; a session with a trainer and three learners: Anne (CPF, a dossier
 * number, active on the course), Bruno (left on 1 February, active too), Chloé (never active); Denis,
 * enrolled in the course, is in no session.
 */
async function world() {
  const family = uniqueName('Servicefait').replace(' ', '');
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, { teacherId: teacher.teacherId, title: 'Habilitation électrique B0', chapters: [{ title: 'Les dangers', contentType: 'text', duration: 0, textContent: 'Le courant.' }] });
  const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1', [course.courseId]);
  await t.app.get(CommandBus).execute(new DeclareCoursePromises(teacher.actor, course.courseId, { objectives: 'Travailler hors tension', plannedMinutes: 120, nature: 'action_formation' }, []));
  const learner = async (prenom: string) => {
    const student = await givenStudent(t, { fullname: `${prenom} ${family}` });
    await givenEnrolled(t, student, course, admin);
    return student;
  };
  const [anne, bruno, chloe, denis] = [await learner('Anne'), await learner('Bruno'), await learner('Chloé'), await learner('Denis')];
  const funding = await call(t, 'PUT', `/api/admin/students/${anne.studentId}/courses/${course.courseId}/funding/`, admin.token, {
    funder: 'cpf', dossier_number: 'CPF-2027-000777', employer_name: null, employer_siret: null, entry_date: null, exit_date: null,
  });
  expect(funding.statusCode).toBe(200);
  const created = await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: course.courseId, name: 'Session de janvier 2027', start_date: '2027-01-11', end_date: '2027-03-26' });
  const sessionId = created.json().id as number;
  for (const s of [anne, bruno, chloe]) expect((await call(t, 'POST', `/api/admin/sessions/${sessionId}/learners/`, admin.token, { student: s.studentId })).statusCode).toBe(200);
  expect((await call(t, 'POST', `/api/admin/sessions/${sessionId}/trainers/`, admin.token, { teacher: teacher.teacherId })).statusCode).toBe(200);
  // Active time measured by the server: beats 30 s apart with input.
  const beats = async (student: GivenStudent, count: number) => {
    const session = randomUUID();
    for (let i = 0; i < count; i++) {
      const at = T0 + i * 30_000;
      t.clock.set(new Date(at));
      const beat = await call(t, 'POST', '/api/progress/', student.token, {
        student: student.studentId, course: course.courseId, content_type: 'text', chapter: chapter!.id,
        session_id: session, beats: [{ seq: i + 1, at, visible: true, focused: true, playing: false, last_input_at: at }],
      });
      expect(beat.statusCode).toBe(201);
    }
  };
  await beats(anne, 9);
  await beats(bruno, 4);
  t.clock.set(new Date('2027-02-01T10:00:00Z'));
  expect((await call(t, 'DELETE', `/api/admin/sessions/${sessionId}/learners/${bruno.studentId}/`, admin.token)).statusCode).toBe(204);
  t.clock.release();
  // The projections follow the log.
  const active = async (s: GivenStudent) =>
    (await db.one<{ a: number }>('select active_seconds::float8 as a from progress.student_course_figures where student_id = $1 and course_id = $2', [s.studentId, course.courseId]))?.a ?? 0;
  await eventually(async () => {
    expect(await active(anne)).toBeGreaterThan(0);
    expect(await active(bruno)).toBeGreaterThan(0);
    // Every projection past the last beat: a read of the figures half-way through a batch of beats
    // would not match the service fait read a moment later (a flake on a loaded machine).
    expect(await subscriptionsBehind(db, 'projection')).toBe(0);
  });
  return { family, teacher, course, sessionId, anne, bruno, chloe, denis, active };
}

async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

/** What the figures must be, computed here from the measured seconds: minutes and per mille rounded down. */
function expected(activeSeconds: number) {
  const realised = Math.floor(activeSeconds / 60);
  return { planned_minutes: 120, realised_minutes: realised, not_completed_minutes: Math.max(0, 120 - realised), completion_per_mille: Math.min(1000, Math.floor((realised * 1000) / 120)) };
}

describe('the service fait of a session: who may', () => {
  it('refuses a visitor with 401, a learner and a trainer — even the session’s own — with 403, writing nothing', async () => {
    const { teacher, sessionId, anne } = await world();
    const other = await givenTeacher(t);
    const calls: [Parameters<typeof call>[1], string, object?][] = [
      ['GET', `/api/admin/sessions/${sessionId}/service-fait/`],
      ['GET', `/api/admin/sessions/${sessionId}/service-fait/export/`],
      ['PUT', `/api/admin/sessions/${sessionId}/learners/${anne.studentId}/reason/`, { reason: 'abandon' }],
      ['GET', `/api/admin/students/progress/?session=${sessionId}`],
      ['GET', `/api/admin/exports/progress/?session=${sessionId}`],
    ];
    for (const [method, path, body] of calls) {
      expect([path, (await call(t, method, path, undefined, body)).statusCode]).toEqual([path, 401]);
      for (const token of [anne.token, teacher.token, other.token]) expect([path, (await call(t, method, path, token, body)).statusCode]).toEqual([path, 403]);
    }
    const reasons = await db.query('select 1 from eventlog.event where event_type = $1 and stream_id = $2', ['SessionLearnerReasonSet', String(sessionId)]);
    expect(reasons).toEqual([]);
  });
});

describe('PUT /admin/sessions/{id}/learners/{student}/reason/', () => {
  it('keeps a reason from the fixed list as an event (a code, no text), changes nothing when sent again, clears it with null', async () => {
    const { course, sessionId, bruno } = await world();
    const url = `/api/admin/sessions/${sessionId}/learners/${bruno.studentId}/reason/`;
    expect((await call(t, 'PUT', url, admin.token, { reason: 'abandon' })).json()).toEqual({ changed: true });
    expect((await call(t, 'PUT', url, admin.token, { reason: 'abandon' })).json()).toEqual({ changed: false });
    const events = await db.query<{ payload: unknown }>('select payload from eventlog.event where event_type = $1 and stream_id = $2 order by position', ['SessionLearnerReasonSet', String(sessionId)]);
    expect(events.map((e) => e.payload)).toEqual([{ sessionId, courseId: course.courseId, studentId: bruno.studentId, reason: 'abandon' }]);
    const published = await db.query('select reason from enrolment.session_learner where session_id = $1 and student_id = $2', [sessionId, bruno.studentId]);
    expect(published).toEqual([{ reason: 'abandon' }]);
    expect((await call(t, 'PUT', url, admin.token, { reason: null })).json()).toEqual({ changed: true });
    expect((await call(t, 'GET', `/api/admin/sessions/${sessionId}/service-fait/`, admin.token)).json().lines.find((l: { student_id: number }) => l.student_id === bruno.studentId).reason).toBeNull();
  });

  it('refuses in French an unknown reason, a learner never in the session and an unknown session', async () => {
    const { sessionId, denis, anne } = await world();
    const cases: [string, object, number, string][] = [
      [`/api/admin/sessions/${sessionId}/learners/${anne.studentId}/reason/`, { reason: 'vacances' }, 400, 'Le motif doit être abandon, absence, interruption, force majeure ou autre.'],
      [`/api/admin/sessions/${sessionId}/learners/${anne.studentId}/reason/`, {}, 400, 'Le motif doit être abandon, absence, interruption, force majeure ou autre.'],
      [`/api/admin/sessions/${sessionId}/learners/${denis.studentId}/reason/`, { reason: 'absence' }, 404, 'Cet apprenant ne fait pas partie de la session.'],
      [`/api/admin/sessions/1999999/learners/${anne.studentId}/reason/`, { reason: 'absence' }, 404, 'Session de formation introuvable.'],
    ];
    for (const [url, body, status, message] of cases) {
      const answer = await call(t, 'PUT', url, admin.token, body);
      expect([url, body, answer.statusCode, answer.json().message]).toEqual([url, body, status, message]);
    }
    const reasons = await db.query('select 1 from eventlog.event where event_type = $1 and stream_id = $2', ['SessionLearnerReasonSet', String(sessionId)]);
    expect(reasons).toEqual([]);
  });
});

describe('GET /admin/sessions/{id}/service-fait/ and its XLSX', () => {
  it('states per learner who was in the session the hours planned, measured and not completed, the rate, the dates and the reason, the same in the workbook', async () => {
    const { family, course, sessionId, anne, bruno, chloe, active } = await world();
    expect((await call(t, 'PUT', `/api/admin/sessions/${sessionId}/learners/${bruno.studentId}/reason/`, admin.token, { reason: 'abandon' })).statusCode).toBe(200);
    const [anneSeconds, brunoSeconds] = [await active(anne), await active(bruno)];
    const answer = await call(t, 'GET', `/api/admin/sessions/${sessionId}/service-fait/`, admin.token);
    expect(answer.statusCode).toBe(200);
    const view = answer.json();
    expect(view).toMatchObject({ session_id: sessionId, course_id: course.courseId, course_title: 'Habilitation électrique B0', name: 'Session de janvier 2027', start_date: '2027-01-11', end_date: '2027-03-26', planned_minutes: 120 });
    expect(view.lines).toEqual([
      {
        student_id: anne.studentId, full_name: `Anne ${family}`, email: anne.email, dossier_number: 'CPF-2027-000777', funding_label: expect.stringContaining('CPF'),
        entry_date: '2027-01-11', exit_date: '2027-03-26', left_at: null, reason: null, ...expected(anneSeconds),
      },
      {
        student_id: bruno.studentId, full_name: `Bruno ${family}`, email: bruno.email, dossier_number: null, funding_label: null,
        entry_date: '2027-01-11', exit_date: '2027-02-01', left_at: '2027-02-01T10:00:00.000Z', reason: 'abandon', ...expected(brunoSeconds),
      },
      {
        student_id: chloe.studentId, full_name: `Chloé ${family}`, email: chloe.email, dossier_number: null, funding_label: null,
        entry_date: '2027-01-11', exit_date: '2027-03-26', left_at: null, reason: null, ...expected(0),
      },
    ]);
    // The figures a learner was really measured at: more than a minute, less than the plan.
    expect(view.lines[0].realised_minutes).toBeGreaterThan(0);
    expect(view.lines[0].completion_per_mille).toBeLessThan(1000);

    const file = await call(t, 'GET', `/api/admin/sessions/${sessionId}/service-fait/export/`, admin.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('Service_fait_Session_de_janvier_2027_2027-01-11.xlsx');
    expect(file.headers['x-export-rows']).toBe('3');
    const sheet = (await workbookOf(file.rawPayload)).getWorksheet('Service fait')!;
    const rows = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Nom complet', 'Email', 'Numéro de dossier', 'Financement', "Date d'entrée", 'Date de sortie', 'Heures prévues', 'Heures réalisées', 'Heures non réalisées', 'Taux de réalisation', 'Motif', 'Dans la session']);
    const hours = (minutes: number) => Math.floor((minutes * 100) / 60) / 100;
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    const line = (l: (typeof view.lines)[number], reason: string | undefined, inSession: string) => {
      const cells = [l.full_name, l.email, l.dossier_number ?? undefined, l.funding_label ?? undefined, day(l.entry_date), day(l.exit_date), hours(120), hours(l.realised_minutes), hours(l.not_completed_minutes), l.completion_per_mille / 1000, reason, inSession];
      // exceljs leaves the trailing empty cells out of a row's values.
      while (cells.length > 0 && cells[cells.length - 1] === undefined) cells.pop();
      return cells;
    };
    expect(rows.slice(1)).toEqual([line(view.lines[0], undefined, 'Oui'), line(view.lines[1], 'Abandon', 'Sortie'), line(view.lines[2], undefined, 'Oui')]);
    expect(sheet.getCell('J2').numFmt).toBe('0.0%');
  });

  it('states no rate and no hours not completed when the course has no planned duration, and 404 for an unknown session', async () => {
    const course = await givenCourse(t);
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course, admin);
    const sessionId = (await call(t, 'POST', '/api/admin/sessions/', admin.token, { course: course.courseId, name: 'Session sans durée', start_date: '2027-01-11', end_date: '2027-01-15' })).json().id;
    await call(t, 'POST', `/api/admin/sessions/${sessionId}/learners/`, admin.token, { student: student.studentId });
    const view = (await call(t, 'GET', `/api/admin/sessions/${sessionId}/service-fait/`, admin.token)).json();
    expect([view.planned_minutes, view.lines.map((l: Record<string, unknown>) => [l.planned_minutes, l.realised_minutes, l.not_completed_minutes, l.completion_per_mille])]).toEqual([null, [[null, 0, null, null]]]);
    for (const path of ['service-fait/', 'service-fait/export/']) {
      const missing = await call(t, 'GET', `/api/admin/sessions/1999999/${path}`, admin.token);
      expect([missing.statusCode, missing.json().message]).toEqual([404, 'Session de formation introuvable.']);
    }
  });
});

describe('the progress tracking by session', () => {
  it('lists and exports the learners who were in the session (the one who left too), and no one else', async () => {
    const { family, sessionId, anne, bruno, chloe } = await world();
    const page = await call(t, 'GET', `/api/admin/students/progress/?session=${sessionId}&page_size=50`, admin.token);
    expect(page.statusCode).toBe(200);
    expect([page.json().count, page.json().results.map((r: { id: number }) => r.id)]).toEqual([3, [anne.studentId, bruno.studentId, chloe.studentId]]);
    // With the search too: both apply.
    const searched = await call(t, 'GET', `/api/admin/students/progress/?session=${sessionId}&search=${encodeURIComponent(`Bruno ${family}`)}`, admin.token);
    expect(searched.json().results.map((r: { id: number }) => r.id)).toEqual([bruno.studentId]);
    const file = await call(t, 'GET', `/api/admin/exports/progress/?session=${sessionId}`, admin.token);
    expect([file.statusCode, file.headers['x-export-rows']]).toEqual([200, '3']);
    expect(file.headers['content-disposition']).toContain('Progression_Session_de_janvier_2027_2027-01-11.xlsx');
    const sheet = (await workbookOf(file.rawPayload)).getWorksheet('Progression')!;
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value)).toEqual([`Anne ${family}`, `Bruno ${family}`, `Chloé ${family}`]);
  });

  it('refuses in French a session that is not an id and answers 404 for one that does not exist', async () => {
    for (const path of ['/api/admin/students/progress/', '/api/admin/exports/progress/']) {
      const bad = await call(t, 'GET', `${path}?session=janvier`, admin.token);
      expect([path, bad.statusCode, JSON.stringify(bad.json())]).toEqual([path, 400, expect.stringContaining('La session doit être un identifiant.')]);
      const missing = await call(t, 'GET', `${path}?session=1999999`, admin.token);
      expect([path, missing.statusCode, missing.json().message]).toEqual([path, 404, 'Session de formation introuvable.']);
    }
    // Empty is absent: every student, as before.
    expect((await call(t, 'GET', '/api/admin/students/progress/?session=', admin.token)).statusCode).toBe(200);
  });
});
