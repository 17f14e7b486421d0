// Documents downloaded (issue 29 item 7, indicator 19, docs/adr/0056): the content gate records a
// learner's download of a course document, decided by the server (its clock, its records): once per
// download (a range resuming it or the same file again within the window is the same download), never
// a trainer's or admin's preview, never a refused request; then the indicators count them.
import ExcelJS from 'exceljs';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAccount, type GivenAdmin } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { DOCUMENT_DOWNLOAD_WINDOW_SECONDS } from '../domain/document-download.js';

let t: TestApp;
let db: Database;
let admin: GivenAdmin;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
});
afterAll(() => t?.close());
afterEach(() => t.clock.release());

const PDF = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${'% remplissage\n'.repeat(200)}trailer << /Root 1 0 R >>\n%%EOF\n`);

async function mediaCookie(account: GivenAccount): Promise<string> {
  const response = await call(t, 'POST', '/api/media-session/', account.token);
  expect(response.statusCode).toBe(204);
  return String(response.headers['set-cookie']).split(';')[0]!;
}

const fetchFile = async (url: string, account: GivenAccount, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { cookie: await mediaCookie(account), ...headers } });

const downloads = (materialId: number) =>
  db.query<{ student_id: number }>(
    `select (payload->>'studentId')::int as student_id from eventlog.event where event_type = 'StudyDocumentDownloaded' and (payload->>'materialId')::int = $1 order by position`,
    [materialId],
  );

async function givenDocument(teacher: GivenAccount, courseId: number, title: string): Promise<{ id: number; upload: string }> {
  const data = new FormData();
  data.append('title', title);
  data.append('upload', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), `${title}.pdf`);
  const added = await call(t, 'POST', `/api/study-material/${courseId}`, teacher.token, data);
  expect(added.statusCode).toBe(201);
  return added.json();
}

describe('a course document downloaded', () => {
  it('counts a learner’s download once: a range resuming it, a HEAD, a 304, the same file again within the window are the same download', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const learner = await givenStudent(t);
    await givenEnrolled(t, learner, course);
    const document = await givenDocument(teacher, course.courseId, 'Fiche sécurité');

    const whole = await fetchFile(document.upload, learner);
    expect(whole.statusCode).toBe(200);
    expect((await downloads(document.id)).map((d) => d.student_id)).toEqual([learner.studentId]);

    const resumed = await fetchFile(document.upload, learner, { range: 'bytes=1000-' });
    expect(resumed.statusCode).toBe(206);
    expect((await fetchFile(document.upload, learner, {}, 'HEAD')).statusCode).toBe(200);
    const again = await fetchFile(document.upload, learner, { range: 'bytes=0-' });
    expect(again.statusCode).toBe(206);
    const cached = await fetchFile(document.upload, learner, { 'if-none-match': String(whole.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expect(await downloads(document.id)).toHaveLength(1);

    // Later than the window, by the server's clock: resuming the copy it holds (If-Range) is still no new download; the whole file again is one.
    t.clock.set(new Date(Date.now() + (DOCUMENT_DOWNLOAD_WINDOW_SECONDS + 60) * 1000));
    const resumedLater = await fetchFile(document.upload, learner, { range: 'bytes=1000-', 'if-range': String(whole.headers.etag) });
    expect(resumedLater.statusCode).toBe(206);
    expect(await downloads(document.id)).toHaveLength(1);
    expect((await fetchFile(document.upload, learner)).statusCode).toBe(200);
    expect(await downloads(document.id)).toHaveLength(2);
    expect(await db.query('select downloads from catalogue.document_download where material_id = $1 and student_id = $2', [document.id, learner.studentId])).toEqual([
      { downloads: 2 },
    ]);
  });

  it('does not count the trainer’s nor the admin’s preview, and refuses a learner not enrolled without counting them', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const stranger = await givenStudent(t);
    const document = await givenDocument(teacher, course.courseId, 'Programme détaillé');

    expect((await fetchFile(document.upload, teacher)).statusCode).toBe(200);
    expect((await fetchFile(document.upload, admin)).statusCode).toBe(200);
    const refused = await fetchFile(document.upload, stranger);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Ce contenu est réservé aux étudiants inscrits au cours, à son formateur et aux administrateurs.']);
    expect(await downloads(document.id)).toEqual([]);
    expect(await db.query('select 1 from catalogue.document_download where material_id = $1', [document.id])).toEqual([]);
  });

  it('counts two learners downloading at once, each once', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const [a, b] = await Promise.all([givenStudent(t), givenStudent(t)]);
    for (const learner of [a, b]) await givenEnrolled(t, learner, course);
    const document = await givenDocument(teacher, course.courseId, 'Support de cours');
    const answers = await Promise.all([a, a, b, b].map((learner) => fetchFile(document.upload, learner)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await downloads(document.id)).map((d) => d.student_id).sort((x, y) => x - y)).toEqual([a.studentId, b.studentId].sort((x, y) => x - y));
  });
});

describe('indicator 19: documents downloaded beside steps opened', () => {
  it('counts the learners who downloaded and their downloads, lists them with their count, and exports it', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const [reader, twice, idle] = await Promise.all([givenStudent(t), givenStudent(t), givenStudent(t)]);
    for (const learner of [reader, twice, idle]) await givenEnrolled(t, learner, course, admin);
    const first = await givenDocument(teacher, course.courseId, 'Document un');
    const second = await givenDocument(teacher, course.courseId, 'Document deux');
    for (const [learner, document] of [[reader, first], [twice, first], [twice, second]] as const) {
      expect((await fetchFile(document.upload, learner)).statusCode).toBe(200);
    }
    expect((await fetchFile(first.upload, teacher)).statusCode).toBe(200);

    await eventually(async () => {
      const view = (await call(t, 'GET', `/api/admin/indicators/?course=${course.courseId}`, admin.token)).json();
      expect(view.cohort).toMatchObject({ learners: 3, downloaded_any: 2, documents_downloaded: 3 });
      expect(view.courses).toEqual([expect.objectContaining({ course_id: course.courseId, downloaded_any: 2, documents_downloaded: 3 })]);
    });
    const page = await call(t, 'GET', `/api/admin/indicators/learners/?course=${course.courseId}&figure=downloaded`, admin.token);
    expect(page.statusCode).toBe(200);
    const counts = Object.fromEntries(page.json().results.map((r: { student_id: number; documents_downloaded: number }) => [r.student_id, r.documents_downloaded]));
    expect(counts).toEqual({ [reader.studentId]: 1, [twice.studentId]: 2 });
    const all = (await call(t, 'GET', `/api/admin/indicators/learners/?course=${course.courseId}`, admin.token)).json();
    expect(all.results.find((r: { student_id: number }) => r.student_id === idle.studentId)).toMatchObject({ documents_downloaded: 0 });

    const file = await call(t, 'GET', `/api/admin/indicators/learners/export/?course=${course.courseId}&figure=downloaded`, admin.token);
    expect([file.statusCode, file.headers['x-export-rows']]).toEqual([200, '2']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf('Documents téléchargés');
    expect(header).toBeGreaterThan(0);
    expect([2, 3].map((row) => sheet.getRow(row).getCell(header).value).sort()).toEqual([1, 2]);
  });
});
