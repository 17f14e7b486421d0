// The trainer's progress grid (issue 28 item 1, docs/adr/0042-progress-grid.md): four learners at
// four stages, played through the API (the player's saves, a quiz step's completion, a SCORM
// commit), then read by the course's trainer and an admin: cells, figures, paging, sorting,
// filters, the XLSX export read back with exceljs; refusals for everyone else and for bad params.
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, uniqueName, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => t.clock.release());

const DAY = 86_400_000;

async function workbookOf(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

/**
 * A course of three text steps (a chapter with a sub-chapter, then a chapter) and four learners:
 * Anne finished it, Bruno validated the first step eleven days ago (inactive), Chloé opened the
 * first step today, Denis never started.
 */
async function world() {
  const family = uniqueName('Grille').replace(' ', '');
  const teacher = await givenTeacher(t);
  const course = await givenCourse(t, {
    teacherId: teacher.teacherId,
    chapters: [
      { title: 'Accueil', contentType: 'text', duration: 0, textContent: 'Bienvenue.', subchapters: [{ title: 'Consignes', contentType: 'text', duration: 0, textContent: 'Lire.' }] },
      { title: 'Synthèse', contentType: 'text', duration: 0, textContent: 'Fin.' },
    ],
  });
  const steps = await db.query<{ kind: 'chapter' | 'subchapter'; id: number; chapter_id: number }>(
    `select 'chapter' as kind, id, id as chapter_id, position, 0 as sub from catalogue.chapter where course_id = $1
     union all select 'subchapter', sc.id, sc.chapter_id, ch.position, sc.position from catalogue.subchapter sc join catalogue.chapter ch on ch.id = sc.chapter_id where ch.course_id = $1
     order by 4, 5`,
    [course.courseId],
  );
  const learner = async (prenom: string) => {
    const student = await givenStudent(t, { fullname: `${prenom} ${family}` });
    await givenEnrolled(t, student, course);
    return student;
  };
  const [anne, bruno, chloe, denis] = [await learner('Anne'), await learner('Bruno'), await learner('Chloé'), await learner('Denis')];
  const save = async (student: GivenStudent, step: (typeof steps)[number], finish: boolean) => {
    const body = { student: student.studentId, course: course.courseId, content_type: 'text', chapter: step.chapter_id, ...(step.kind === 'subchapter' ? { subchapter: step.id } : {}) };
    const opened = await call(t, 'POST', '/api/progress/', student.token, { ...body, session_id: randomUUID() });
    expect(opened.statusCode).toBe(201);
    if (finish) expect((await call(t, 'POST', '/api/progress/', student.token, { ...body, validated: true })).json()).toMatchObject({ validated: true });
  };
  for (const step of steps) await save(anne, step, true);
  t.clock.set(new Date(Date.now() - 11 * DAY));
  await save(bruno, steps[0]!, true);
  t.clock.release();
  await save(chloe, steps[0]!, false);
  // The projections follow the log: wait until they show every learner's last save.
  await eventually(async () => {
    const rows = await db.query<{ n: number }>('select count(*)::int as n from progress.student_course_progress where course_id = $1', [course.courseId]);
    expect(rows[0]!.n).toBe(3);
    const [a] = await db.query<{ validated_steps: number }>('select validated_steps from progress.student_course_progress where course_id = $1 and student_id = $2', [course.courseId, anne.studentId]);
    expect(a!.validated_steps).toBe(3);
  });
  return { family, teacher, course, steps, anne, bruno, chloe, denis };
}

interface Row {
  student_id: number; fullname: string; percentage: number; status: string; last_activity_at: string | null;
  cells: { state: string; rule: string | null; opened_at: string | null; validated_at: string | null }[];
}

const gridUrl = (courseId: number, query = '') => `/api/progress-grid/${courseId}/${query ? `?${query}` : ''}`;

describe('the progress grid', () => {
  it('shows each learner’s cells, figures and status to the course’s trainer, paged on the server, sorted and filtered', async () => {
    const { teacher, course, steps, anne, bruno, chloe, denis } = await world();
    const answer = await call(t, 'GET', gridUrl(course.courseId), teacher.token);
    expect(answer.statusCode).toBe(200);
    const grid = answer.json();
    expect(grid).toMatchObject({ course_id: course.courseId, course_title: course.title, inactive_after_days: 7, count: 4, page: 1, page_size: 20 });
    expect(grid.steps.map((s: { title: string; kind: string }) => [s.kind, s.title])).toEqual([['chapter', 'Accueil'], ['subchapter', 'Consignes'], ['chapter', 'Synthèse']]);
    expect(grid.steps.map((s: { step_id: number }) => s.step_id)).toEqual(steps.map((s) => s.id));
    const byId = new Map((grid.results as Row[]).map((r) => [r.student_id, r]));
    expect(grid.results.map((r: { student_id: number }) => r.student_id)).toEqual([anne, bruno, chloe, denis].map((s) => s.studentId));

    const a = byId.get(anne.studentId) as Row;
    expect(a).toMatchObject({ fullname: anne.fullname, percentage: 100, validated_steps: 3, status: 'finished', closed: false });
    expect(a.cells.map((c) => [c.state, c.rule])).toEqual(Array(3).fill(['validated', 'text-finish-after-open']));
    expect(Date.parse(a.cells[0]!.validated_at!)).toBeGreaterThan(Date.now() - DAY);

    const b = byId.get(bruno.studentId) as Row;
    expect(b).toMatchObject({ percentage: 33, validated_steps: 1, status: 'inactive' });
    expect(b.cells.map((c: { state: string }) => c.state)).toEqual(['validated', 'open', 'locked']);
    expect(Date.now() - Date.parse(b.last_activity_at!)).toBeGreaterThan(10 * DAY);

    const c = byId.get(chloe.studentId) as Row;
    expect(c).toMatchObject({ percentage: 0, status: 'in_progress' });
    expect(c.cells.map((x: { state: string; validated_at: string | null }) => [x.state, x.validated_at])).toEqual([['open', null], ['locked', null], ['locked', null]]);
    expect(c.cells[0]!.opened_at).toEqual(expect.any(String));

    const d = byId.get(denis.studentId) as Row;
    expect(d).toMatchObject({ percentage: 0, status: 'not_started', last_activity_at: null, active_seconds: 0, quizzes: [], scorm: [] });
    expect(d.cells.map((x: { state: string }) => x.state)).toEqual(['open', 'locked', 'locked']);

    // Paging on the server: two by two, the count of all.
    const second = (await call(t, 'GET', gridUrl(course.courseId, 'page=2&page_size=2'), teacher.token)).json();
    expect([second.count, second.results.map((r: { student_id: number }) => r.student_id)]).toEqual([4, [chloe.studentId, denis.studentId]]);
    expect((await call(t, 'GET', gridUrl(course.courseId, 'page=9&page_size=2'), teacher.token)).json()).toMatchObject({ count: 4, results: [] });

    // Sorting.
    const ids = async (query: string) => (await call(t, 'GET', gridUrl(course.courseId, query), teacher.token)).json().results.map((r: { student_id: number }) => r.student_id);
    expect(await ids('sort=name&order=desc')).toEqual([denis, chloe, bruno, anne].map((s) => s.studentId));
    expect(await ids('sort=percentage&order=desc')).toEqual([anne, bruno, chloe, denis].map((s) => s.studentId));
    expect(await ids('sort=percentage&order=asc')).toEqual([chloe, denis, bruno, anne].map((s) => s.studentId));
    // Last activity: most recent first, never-active last.
    expect(await ids('sort=last_activity&order=desc')).toEqual([chloe, anne, bruno, denis].map((s) => s.studentId));

    // Filters: each status, and a search.
    expect(await ids('status=not_started')).toEqual([denis.studentId]);
    expect(await ids('status=inactive')).toEqual([bruno.studentId]);
    expect(await ids('status=finished')).toEqual([anne.studentId]);
    expect(await ids('status=in_progress')).toEqual([chloe.studentId]);
    expect(await ids('search=chlo')).toEqual([chloe.studentId]);
    expect((await call(t, 'GET', gridUrl(course.courseId, 'status=inactive'), teacher.token)).json().count).toBe(1);
  });

  it('shows quiz and SCORM scores of the course', async () => {
    const { teacher, course, anne, bruno } = await world();
    // The projections' rows as assessment's QuizCompleted and the SCORM runtime leave them.
    await db.query(`insert into progress.quiz_completion (student_id, quiz_id, attempt, score, total, course_id, completed_at) values ($1, 9001, 1, 2, 5, $2, now()), ($1, 9001, 2, 4, 5, $2, now()), ($1, 9002, 1, 1, 3, null, now())`, [anne.studentId, course.courseId]);
    await db.query(`insert into progress.scorm_state (student_id, course_id, chapter_id, sco, version, cmi, updated_at) values ($1, $2, 77, 'sco-1', '2004', '{"score_raw": "85", "score_min": "0", "score_max": "100"}', now())`, [bruno.studentId, course.courseId]);
    const grid = (await call(t, 'GET', gridUrl(course.courseId), teacher.token)).json();
    const row = (id: number) => grid.results.find((r: { student_id: number }) => r.student_id === id);
    expect(row(anne.studentId).quizzes).toEqual([{ quiz_id: 9001, best_score: 4, total: 5, attempts: 2 }]);
    expect(row(bruno.studentId).scorm).toEqual([{ chapter_id: 77, sco: 'sco-1', percentage: 85 }]);
  });

  it('exports the whole grid as a streamed workbook, read back with exceljs', async () => {
    const { teacher, course, anne, bruno, chloe, denis } = await world();
    const answer = await call(t, 'GET', `/api/progress-grid/${course.courseId}/export/?sort=percentage&order=desc`, teacher.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    expect(answer.headers['content-disposition']).toContain(`Progression_cours_${course.courseId}.xlsx`);
    expect(answer.headers['x-export-rows']).toBe('4');
    const sheet = (await workbookOf(answer.rawPayload)).getWorksheet('Progression')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Apprenant', 'Email', 'Statut', 'Progression', 'Temps actif (HH:MM:SS)', 'Dernière activité', 'Quiz (meilleurs scores)', 'SCORM (scores)', '1. Accueil', '2. Consignes', '3. Synthèse',
    ]);
    expect([2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(1).value)).toEqual([anne, bruno, chloe, denis].map((s) => s.fullname));
    expect([2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(3).value)).toEqual(['Terminé', 'Inactif', 'En cours', 'Pas commencé']);
    expect(sheet.getRow(2).getCell(4).value).toBe(1);
    expect(String(sheet.getRow(2).getCell(9).value)).toMatch(/^Validée le \d{2}\/\d{2}\/\d{4}$/);
    expect([9, 10, 11].map((n) => sheet.getRow(3).getCell(n).value)).toEqual([expect.stringMatching(/^Validée le/), 'Ouverte', 'Verrouillée']);
    expect(sheet.rowCount).toBe(5);
    // The filters hold in the export too.
    const inactive = (await workbookOf((await call(t, 'GET', `/api/progress-grid/${course.courseId}/export/?status=inactive`, teacher.token)).rawPayload)).getWorksheet('Progression')!;
    expect([inactive.rowCount, inactive.getRow(2).getCell(1).value]).toEqual([2, bruno.fullname]);
  });

  it('is the course’s trainer’s and the admins’ alone; bad parameters get a French 400', async () => {
    const { course, anne } = await world();
    const [other, admin] = await Promise.all([givenTeacher(t), givenAdmin(t)]);
    expect((await call(t, 'GET', gridUrl(course.courseId), admin.token)).json()).toMatchObject({ count: 4 });
    for (const url of [gridUrl(course.courseId), `/api/progress-grid/${course.courseId}/export/`]) {
      const refused = await call(t, 'GET', url, other.token);
      expect([refused.statusCode, refused.json().message]).toEqual([403, "Vous n'avez pas accès à cette ressource."]);
      expect((await call(t, 'GET', url, anne.token)).statusCode).toBe(403);
      expect((await call(t, 'GET', url)).statusCode).toBe(401);
    }
    const missing = await call(t, 'GET', gridUrl(2_000_000_000), admin.token);
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Cours introuvable.']);
    const bad: [string, string][] = [
      ['sort=age', 'Le tri doit valoir name, percentage ou last_activity.'],
      ['order=up', 'L’ordre doit valoir asc ou desc.'],
      ['status=lost', 'Le filtre doit valoir not_started, in_progress, inactive ou finished.'],
      ['page=0', 'Le numéro de page doit être un entier positif.'],
      ['page_size=51', 'La taille de page doit être comprise entre 1 et 50.'],
    ];
    for (const [query, message] of bad) {
      const answer = await call(t, 'GET', gridUrl(course.courseId, query), admin.token);
      expect([query, answer.statusCode, answer.json().message]).toEqual([query, 400, message]);
    }
    // A malformed id is an unknown resource (the IdPipe's rule for every path id), answered in French.
    const malformed = await call(t, 'GET', '/api/progress-grid/abc/', admin.token);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe('Ressource introuvable : identifiant invalide.');
  });
});
