// The back office's read side (issue 13): dashboard totals and trends, the progress list, and the
// Excel exports opened with exceljs. docs/administration.md.
import ExcelJS from 'exceljs';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, uniqueKey, uniqueName } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

const text = () => ({ title: uniqueName('Étape'), contentType: 'text' as const, duration: 0, textContent: 'Bienvenue' });

/** A student created by the admin with an entry date, enrolled in `courses`. */
async function givenRecord(admin: { token: string }, fields: Record<string, unknown>) {
  const key = uniqueKey('suivi');
  const body = { prenom: 'Élise', nom: 'Martin', email: `${key}@test.fr`, nom_utilisateur_lms: key, mot_de_passe_lms: 'MotDePasse-2026!', send_welcome_email: false, ...fields };
  const response = await call(t, 'POST', '/api/students/', admin.token, body);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; nom_utilisateur_lms: string; email: string; fullname: string };
}

async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

describe('dashboard', () => {
  it('counts live courses, open students and trainers from projections, and draws weekly trends', async () => {
    const admin = await givenAdmin(t);
    const before = (await call(t, 'GET', `/api/admin/dashboard/${admin.adminId}`, admin.token)).json();
    const student = await givenStudent(t);
    await givenTeacher(t);
    const course = await givenCourse(t);
    await givenEnrolled(t, student, course);
    await eventually(async () => {
      const after = (await call(t, 'GET', `/api/admin/dashboard/${admin.adminId}`, admin.token)).json();
      // givenCourse registers its own trainer: two trainers.
      expect(after).toMatchObject({ total_students: before.total_students + 1, total_teachers: before.total_teachers + 2, total_courses: before.total_courses + 1 });
      expect(Date.parse(after.last_updated)).toBeGreaterThan(0);
    });
    const trends = await eventually(async () => {
      const answer = (await call(t, 'GET', `/api/admin/dashboard/${admin.adminId}/trends?weeks=4`, admin.token)).json();
      expect(answer.weeks).toHaveLength(4);
      expect(answer.weeks[3].enrolments).toBeGreaterThanOrEqual(1);
      return answer;
    });
    expect(trends.weeks[3]).toEqual({ week_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), enrolments: expect.any(Number), active_learners: expect.any(Number), completions: expect.any(Number) });
    expect(new Date(`${trends.weeks[3].week_start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(trends.completion_rate).toBe(Math.round((trends.completions_total / trends.enrolments_total) * 1000) / 10);
    // A closed student leaves the total.
    await call(t, 'DELETE', `/api/admin/students/${student.studentId}/`, admin.token);
    await eventually(async () => {
      expect((await call(t, 'GET', `/api/admin/dashboard/${admin.adminId}`, admin.token)).json().total_students).toBe(before.total_students);
    });
    expect((await call(t, 'GET', `/api/admin/dashboard/${admin.adminId}/trends?weeks=53`, admin.token)).json().message).toBe('Le nombre de semaines doit être compris entre 1 et 52.');
    const other = await givenAdmin(t);
    expect((await call(t, 'GET', `/api/admin/dashboard/${other.adminId}`, admin.token)).statusCode).toBe(403);
  });
});

describe('progress list', () => {
  it('lists students with their courses, progress and time, searched and filtered on the entry date, 5 per page', async () => {
    const admin = await givenAdmin(t);
    const family = uniqueName('Progressiste').replace(' ', '');
    const course = await givenCourse(t, { title: uniqueName('Bureautique'), chapters: [text(), text(), text(), text()] });
    const other = await givenCourse(t, { title: uniqueName('Anglais'), chapters: [text(), text()] });
    const a = await givenRecord(admin, { nom: family, prenom: 'Anne', date_entree: '2026-01-10' });
    const b = await givenRecord(admin, { nom: family, prenom: 'Bruno', date_entree: '2026-03-01' });
    await givenRecord(admin, { nom: family, prenom: 'Chloé' });
    for (const course_ of [course, other]) {
      await call(t, 'POST', '/api/student-enroll-course/', admin.token, { student: a.id, course: course_.courseId });
    }
    // The projections as the player's saves leave them: half of the first course, the second finished.
    await db.query(
      `insert into progress.student_course_progress (student_id, course_id, validated_steps, connected_seconds, active_seconds, last_activity_at, completed_at)
       values ($1, $2, 2, 4000, 3725, now(), null), ($1, $3, 2, 100, 75, now(), now())`,
      [a.id, course.courseId, other.courseId],
    );
    await db.query(`insert into progress.student_progress (student_id, validated_steps, connected_seconds, active_seconds, courses_completed, last_activity_at) values ($1, 4, 4100, 3800, 1, now())`, [a.id]);

    const page = (await call(t, 'GET', `/api/admin/students/progress/?search=${encodeURIComponent(family.toUpperCase())}&page=1&page_size=5`, admin.token)).json();
    expect(page.count).toBe(3);
    expect(page.results.map((r: { fullname: string }) => r.fullname)).toEqual([`Anne ${family}`, `Bruno ${family}`, `Chloé ${family}`]);
    expect(page.results[0]).toEqual({
      id: a.id, fullname: `Anne ${family}`, email: a.email, username: a.nom_utilisateur_lms, date_entree: '2026-01-10',
      courses: [other.title, course.title].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())),
      progress_percentage: 75, total_time_spent_seconds: 3800, courses_completed: 1,
      // Issue 28: the same figures course by course (Inès's « 17 % » across three courses, told apart).
      course_progress: [
        { course_id: other.courseId, title: other.title, percentage: 100, active_seconds: 75, last_activity_at: expect.any(String), completed: true },
        { course_id: course.courseId, title: course.title, percentage: 50, active_seconds: 3725, last_activity_at: expect.any(String), completed: false },
      ].sort((x, y) => x.title.toLowerCase().localeCompare(y.title.toLowerCase())),
    });
    expect(page.results[2]).toMatchObject({ date_entree: null, courses: [], progress_percentage: 0, total_time_spent_seconds: 0, courses_completed: 0, course_progress: [] });
    const ranged = (await call(t, 'GET', `/api/admin/students/progress/?search=${encodeURIComponent(family)}&start_date=2026-02-01&end_date=2026-03-01`, admin.token)).json();
    expect(ranged.results.map((r: { id: number }) => r.id)).toEqual([b.id]);
    const small = (await call(t, 'GET', `/api/admin/students/progress/?search=${encodeURIComponent(family)}&page=2&page_size=2`, admin.token)).json();
    expect(small).toMatchObject({ count: 3, next: null, previous: expect.stringContaining('page=1') });
    expect(small.results).toHaveLength(1);
    expect((await call(t, 'GET', `/api/admin/students/progress/?search=${encodeURIComponent(family)}&page=9`, admin.token)).json()).toMatchObject({ count: 3, results: [] });
    expect((await call(t, 'GET', '/api/admin/students/progress/?search=%25_%25', admin.token)).json().count).toBe(0);
    const reversed = await call(t, 'GET', '/api/admin/students/progress/?start_date=2026-03-02&end_date=2026-03-01', admin.token);
    expect([reversed.statusCode, reversed.json().message]).toEqual([400, 'La date de fin ne peut pas précéder la date de début.']);
    expect((await call(t, 'GET', '/api/admin/students/progress/?start_date=2026-13-01', admin.token)).json().message).toBe('La date de début doit être une date valide (AAAA-MM-JJ).');
    expect((await call(t, 'GET', '/api/admin/students/progress/?page_size=51', admin.token)).statusCode).toBe(400);
  });

  it('keeps the list, the dashboard and the exports to admins', async () => {
    const [teacher, student, admin] = await Promise.all([givenTeacher(t), givenStudent(t), givenAdmin(t)]);
    const urls = [
      '/api/admin/students/progress/', `/api/admin/dashboard/${admin.adminId}`, `/api/admin/dashboard/${admin.adminId}/trends`,
      '/api/admin/exports/progress/', `/api/admin/exports/progress/${student.studentId}/`, '/api/admin/exports/students/', `/api/admin/exports/students/${student.studentId}/`,
    ];
    for (const url of urls) {
      for (const [token, status] of [[teacher.token, 403], [student.token, 403], [undefined, 401]] as const) {
        expect([url, (await call(t, 'GET', url, token)).statusCode]).toEqual([url, status]);
      }
    }
  });
});

describe('the order of students', () => {
  it('is one everywhere: last name, first name, id, in the records, the progress list, both exports and the trainers’ picker', async () => {
    const admin = await givenAdmin(t);
    const tag = uniqueName('Ordre').replace(' ', '').toLowerCase();
    // By fullname (prénom nom) they would come Anne, Yves, Zoé; by last name, first name: Yves, Zoé, Anne.
    const anne = await givenRecord(admin, { nom: `${tag}b`, prenom: 'Anne' });
    const zoe = await givenRecord(admin, { nom: `${tag}a`, prenom: 'Zoé' });
    const yves = await givenRecord(admin, { nom: `${tag}a`, prenom: 'Yves' });
    const expected = [yves.id, zoe.id, anne.id];
    const names = expected.map((id) => [anne, zoe, yves].find((s) => s.id === id)!.fullname);

    const records = (await call(t, 'GET', '/api/admin/students/full-data/', admin.token)).json() as { id: number }[];
    expect(records.map((r) => r.id).filter((id) => expected.includes(id))).toEqual(expected);
    const progress = (await call(t, 'GET', `/api/admin/students/progress/?search=${tag}`, admin.token)).json();
    expect(progress.results.map((r: { id: number }) => r.id)).toEqual(expected);
    for (const [url, sheet] of [[`/api/admin/exports/progress/?search=${tag}`, 'Progression'], [`/api/admin/exports/students/?search=${tag}`, 'Utilisateurs']] as const) {
      const rows = (await workbookOf((await call(t, 'GET', url, admin.token)).rawPayload)).getWorksheet(sheet)!;
      expect([2, 3, 4].map((n) => rows.getRow(n).getCell(1).value)).toEqual(names);
    }
    const trainer = await givenTeacher(t);
    const picker = (await call(t, 'GET', `/api/formateur/${trainer.teacherId}/students/unassigned/?search=${tag}`, admin.token)).json();
    expect(picker.results.map((r: { id: number }) => r.id)).toEqual(expected);
  });
});

describe('Excel exports', () => {
  it('exports progress: sheet Progression, the nine columns in order, typed cells, formulas neutralised, named files', async () => {
    const admin = await givenAdmin(t);
    const family = uniqueName('Exportable').replace(' ', '');
    const course = await givenCourse(t, { title: `=HYPERLINK("http://x","${uniqueName('clic')}")`, chapters: [text(), text()] });
    const a = await givenRecord(admin, { prenom: '=1+1', nom: family, date_entree: '2026-02-15' });
    await givenRecord(admin, { prenom: '@SUM(A1)', nom: family, date_entree: '2026-05-15' });
    await call(t, 'POST', '/api/student-enroll-course/', admin.token, { student: a.id, course: course.courseId });
    await db.query(`insert into progress.student_course_progress (student_id, course_id, validated_steps, connected_seconds, active_seconds) values ($1, $2, 1, 4000, 3725)`, [a.id, course.courseId]);
    await db.query(`insert into progress.student_progress (student_id, validated_steps, connected_seconds, active_seconds, courses_completed) values ($1, 1, 4000, 3725, 0)`, [a.id]);

    const response = await call(t, 'GET', `/api/admin/exports/progress/?search=${encodeURIComponent(family)}`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Progression_Etudiants.xlsx"; filename*=UTF-8''Progression_Etudiants.xlsx`);
    expect(response.headers['x-export-rows']).toBe('2');
    expect(Number(response.headers['x-export-estimated-bytes'])).toBeGreaterThan(0);
    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Progression']);
    const sheet = workbook.getWorksheet('Progression')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined, 'Nom complet', 'Email', "Nom d'utilisateur", "Date d'entrée", 'Cours', 'Progression', 'Temps total (s)', 'Temps total (HH:MM:SS)', 'Cours complétés',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(3);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(`'=1+1 ${family}`);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(4).value).toEqual(new Date('2026-02-15T00:00:00Z'));
    expect(row.getCell(4).type).toBe(ExcelJS.ValueType.Date);
    expect(row.getCell(5).value).toBe(`'${course.title}`);
    expect(row.getCell(6).value).toBe(0.5);
    expect(row.getCell(6).numFmt).toBe('0%');
    expect(row.getCell(7).value).toBe(3725);
    // A duration is a number of days formatted [hh]:mm:ss; exceljs reads such a cell back as a Date from Excel's day 0.
    expect(((row.getCell(8).value as Date).getTime() - Date.UTC(1899, 11, 30)) / 1000).toBeCloseTo(3725, 3);
    expect(row.getCell(8).numFmt).toBe('[hh]:mm:ss');
    expect(row.getCell(9).value).toBe(0);
    expect(sheet.getRow(3).getCell(1).value).toBe(`'@SUM(A1) ${family}`);
    for (let column = 1; column <= 9; column++) expect(sheet.getColumn(column).width).toBeGreaterThan(10);

    const ranged = await call(t, 'GET', `/api/admin/exports/progress/?search=${encodeURIComponent(family)}&start_date=2026-01-01&end_date=2026-03-31`, admin.token);
    expect(ranged.headers['content-disposition']).toContain('filename="Progression_2026-01-01_to_2026-03-31.xlsx"');
    expect((await workbookOf(ranged.rawPayload)).getWorksheet('Progression')!.rowCount).toBe(2);
    const one = await call(t, 'GET', `/api/admin/exports/progress/${a.id}/`, admin.token);
    expect(one.headers['content-disposition']).toContain(`filename="Progression_${a.nom_utilisateur_lms}.xlsx"`);
    expect((await call(t, 'GET', '/api/admin/exports/progress/2000000/', admin.token)).statusCode).toBe(404);
  });

  it('exports students: sheet Utilisateurs, the ten columns in order, dates as dates', async () => {
    const admin = await givenAdmin(t);
    const family = uniqueName('Dossiers').replace(' ', '');
    const a = await givenRecord(admin, {
      prenom: 'Inès', nom: family, telephone: '+33 6 00 00 00 01', numero_dossier: uniqueKey('CPF'), type_dossier: 'CPF', type_formation: '-Continue',
      formations: ['Excel', 'Word'], date_entree: '2026-09-01', date_sortie: '2027-06-30',
    });
    const response = await call(t, 'GET', `/api/admin/exports/students/?search=${encodeURIComponent(family)}`, admin.token);
    expect(response.headers['content-disposition']).toContain('filename="Utilisateurs_LMS.xlsx"');
    const sheet = (await workbookOf(response.rawPayload)).getWorksheet('Utilisateurs')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined, 'Nom complet', 'Email', "Nom d'utilisateur", 'Téléphone', 'Numéro de dossier', 'Type de dossier', 'Type de formation', 'Formation(s)', "Date d'entrée", 'Date de sortie',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined, `Inès ${family}`, a.email, a.nom_utilisateur_lms, "'+33 6 00 00 00 01", expect.stringMatching(/^CPF-/), 'CPF', "'-Continue", 'Excel, Word',
      new Date('2026-09-01T00:00:00Z'), new Date('2027-06-30T00:00:00Z'),
    ]);
    const one = await call(t, 'GET', `/api/admin/exports/students/${a.id}/`, admin.token);
    expect(one.headers['content-disposition']).toContain(`filename="Utilisateur_${a.nom_utilisateur_lms}.xlsx"`);
    expect((await workbookOf(one.rawPayload)).getWorksheet('Utilisateurs')!.rowCount).toBe(2);
  });
});
