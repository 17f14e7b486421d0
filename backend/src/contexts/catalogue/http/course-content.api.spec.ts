// Uploads and the content gate over HTTP: a real video and a real SCORM package stored through the
// authoring calls, hostile packages refused with nothing written, and course content served
// (with ranges) only to the course's learners, its trainer and admins, by a media session cookie.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from '../../../platform/database/database.js';
import { projectRoot } from '../../../platform/config/config.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAccount } from '../../../testing/fixtures.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { PNG } from '../../../platform/testing/images.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';
import { buildZip, renameEntry } from '../domain/scorm/testing/zip-builder.js';

let t: TestApp;
let db: Database;
beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

const WEBM = readFileSync(join(projectRoot, 'backend/src/demo/assets/video/demo-video.webm'));

function upload(fields: Record<string, string | number>, file: { field: string; name: string; bytes: Buffer; type: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  data.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

/** Every file and folder under DATA_DIR/media/content: what a refused upload must not leave. */
function storedFiles(): string[] {
  const root = join(t.config.dataDir, 'media', 'content');
  return existsSync(root) ? (readdirSync(root, { recursive: true }) as string[]).map((f) => join(root, f)).sort() : [];
}

/** The temporary files of uploads: removed once the answer is sent (just after it, so waited for). */
async function expectNoTemporaryUpload(): Promise<void> {
  const root = join(t.config.dataDir, 'tmp', 'uploads');
  await eventually(async () => {
    expect(existsSync(root) ? readdirSync(root).filter((f) => statSync(join(root, f)).isFile()) : []).toEqual([]);
  });
}

async function mediaCookie(account: GivenAccount): Promise<string> {
  const response = await call(t, 'POST', '/api/media-session/', account.token);
  expect(response.statusCode).toBe(204);
  const cookie = String(response.headers['set-cookie']);
  expect(cookie).toMatch(/^lms_media=[^;]+; Path=\/media\/; Max-Age=1800; HttpOnly; SameSite=Lax/);
  return cookie.split(';')[0]!;
}

const media = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe('an uploaded video', () => {
  it('is stored with its real duration and served with ranges to the course people only', async () => {
    const [teacher, other, admin, enrolled, stranger] = await Promise.all([givenTeacher(t), givenTeacher(t), givenAdmin(t), givenStudent(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, enrolled, course);
    const response = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token,
      upload({ title: 'Démonstration', content_type: 'video_file' }, { field: 'video', name: 'demo.webm', bytes: WEBM, type: 'video/webm' }));
    expect(response.statusCode).toBe(201);
    const chapter = response.json();
    expect(chapter.video).toMatch(new RegExp(`^/media/content/courses/${course.courseId}/videos/.+\\.webm$`));
    expect([chapter.video_duration, chapter.duration]).toEqual([12, 12]);
    const events = await db.query<{ event_type: string; payload: { bytes: number; duration: number } }>(
      `select event_type, payload from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 and event_type = 'VideoUploaded'`,
      [String(course.courseId)],
    );
    expect(events[0]!.payload).toMatchObject({ bytes: WEBM.length, duration: 12, format: 'webm' });

    expect((await media(chapter.video)).statusCode).toBe(401);
    expect((await media(chapter.video, await mediaCookie(stranger))).statusCode).toBe(403);
    expect((await media(chapter.video, await mediaCookie(other))).statusCode).toBe(403);
    const learnerCookie = await mediaCookie(enrolled);
    const whole = await media(chapter.video, learnerCookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawPayload.equals(WEBM)).toBe(true);
    const part = await media(chapter.video, learnerCookie, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${WEBM.length}`);
    expect(part.rawPayload.equals(WEBM.subarray(0, 100))).toBe(true);
    for (const person of [teacher, admin]) expect((await media(chapter.video, await mediaCookie(person))).statusCode).toBe(200);

    // The public media route never serves content, and a media token is no access token.
    expect((await t.app.inject({ method: 'GET', url: chapter.video.replace('/media/content/', '/media//content/') })).statusCode).toBeGreaterThanOrEqual(400);
    const token = learnerCookie.slice('lms_media='.length);
    expect((await call(t, 'GET', `/api/student/${enrolled.studentId}/`, token)).statusCode).toBe(401);
  });

  it('refuses a file that is not a video, storing nothing', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const before = storedFiles();
    const response = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token,
      upload({ title: 'Pas une vidéo', content_type: 'video_file' }, { field: 'video', name: 'film.mp4', bytes: PNG, type: 'video/mp4' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('La vidéo doit être un fichier MP4 ou WebM.');
    expect(storedFiles()).toEqual(before);
    await expectNoTemporaryUpload();
  });

  it('closes the content when the session is logged out', async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, student, course);
    const chapter = (await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token,
      upload({ title: 'Vidéo', content_type: 'video_file' }, { field: 'video', name: 'v.webm', bytes: WEBM, type: 'video/webm' }))).json();
    const cookie = await mediaCookie(student);
    expect((await media(chapter.video, cookie)).statusCode).toBe(200);
    await call(t, 'POST', '/api/logout/', student.token, { refresh: student.refresh });
    expect((await media(chapter.video, cookie)).statusCode).toBe(401);
  });
});

describe('a SCORM package', () => {
  it('opens the launch file named by its manifest, not the decoy index.html, and serves its relative files', async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, student, course);
    const response = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token,
      upload({ title: 'Module', content_type: 'scorm', duration: 600 }, { field: 'scorm_file', name: 'module.zip', bytes: await buildScormPackage('scorm2004'), type: 'application/zip' }));
    expect(response.statusCode).toBe(201);
    const chapter = response.json();
    expect(chapter).toMatchObject({ scorm_url: `/media/scorm/${chapter.id}/index.html`, scorm_version: '2004' });
    // Never on the app's origin (docs/adr/0025): through a launch on the content origin.
    expect((await media(chapter.scorm_url, await mediaCookie(student))).statusCode).toBe(404);
    const launch = await call(t, 'POST', '/api/scorm-launch/', student.token, { chapter_id: chapter.id });
    expect(launch.statusCode).toBe(200);
    const base = new URL(launch.json().launch_base as string);
    const content = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: base.host } });
    const token = base.pathname.split('/')[2]!;
    const entry = await content(`/scorm-content/${token}/index.html`);
    expect(entry.statusCode).toBe(302);
    expect(entry.headers.location).toBe(`/scorm-content/${token}/res/index.html`);
    const file = await content(String(entry.headers.location));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/html/);
    expect(file.body).toContain('API_1484_11');
    expect((await content(`/scorm-content/${token}/imsmanifest.xml`)).statusCode).toBe(200);
    expect((await content(`/scorm-content/${token}/..%2F..%2Fsecrets.json`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(t, 'POST', '/api/scorm-launch/', undefined, { chapter_id: chapter.id })).statusCode).toBe(401);
    const stranger = await givenStudent(t);
    expect((await call(t, 'POST', '/api/scorm-launch/', stranger.token, { chapter_id: chapter.id })).statusCode).toBe(403);
    const imported = await db.query<{ payload: { version: string; launch: string } }>(
      `select payload from eventlog.event where stream_type = 'catalogue.course' and stream_id = $1 and event_type = 'ScormPackageImported'`,
      [String(course.courseId)],
    );
    expect(imported[0]!.payload).toMatchObject({ version: '2004', launch: 'res/index.html' });
  });

  const manifest = '<?xml version="1.0"?><manifest identifier="m" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"><organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r"><title>T</title></item></organization></organizations><resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources></manifest>';
  it.each([
    ['not a zip at all', async () => PNG],
    ['a manifest in a sub-folder only', async () => buildZip([{ name: 'cours/imsmanifest.xml', content: manifest }, { name: 'cours/index.html', content: '<p>x</p>' }])],
    ['an entry climbing out with ../', async () => renameEntry(await buildZip([{ name: 'imsmanifest.xml', content: manifest }, { name: 'index.html', content: 'x' }, { name: 'xx/evil.html', content: 'x' }]), 'xx/evil.html', '../evil.html')],
    ['a symbolic link', async () => buildZip([{ name: 'imsmanifest.xml', content: manifest }, { name: 'index.html', content: 'x' }, { name: 'lien', content: '/etc/passwd', mode: 0o120777 }])],
    ['a zip bomb', async () => buildZip([{ name: 'imsmanifest.xml', content: manifest }, { name: 'index.html', content: 'x' }, { name: 'zeros.bin', content: Buffer.alloc(8 * 1024 * 1024) }])],
  ])('refuses %s in French, with nothing written', async (_label, make) => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const before = storedFiles();
    const response = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token,
      upload({ title: 'Module', content_type: 'scorm' }, { field: 'scorm_file', name: 'module.zip', bytes: await make(), type: 'application/zip' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/paquet SCORM|archive ZIP/);
    expect(storedFiles()).toEqual(before);
    await expectNoTemporaryUpload();
    expect(await db.query('select 1 from catalogue.chapter where course_id = $1', [course.courseId])).toHaveLength(0);
  });
});

describe('study documents', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

  it('are shared by the trainer, listed to learners only, and downloaded under their own name', async () => {
    const [teacher, other, enrolled, stranger] = await Promise.all([givenTeacher(t), givenTeacher(t), givenStudent(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, enrolled, course);
    const missing = await call(t, 'POST', `/api/study-material/${course.courseId}`, teacher.token, { title: 'Sans fichier' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Veuillez ajouter un fichier a uploader.');
    const exe = await call(t, 'POST', `/api/study-material/${course.courseId}`, teacher.token,
      upload({ title: 'Programme' }, { field: 'upload', name: 'setup.exe', bytes: Buffer.from('MZ\x90\x00binary'), type: 'application/octet-stream' }));
    expect(exe.statusCode).toBe(400);
    const added = await call(t, 'POST', `/api/study-material/${course.courseId}`, teacher.token,
      upload({ title: 'Notes', description: 'Séance 1', remarks: 'À lire' }, { field: 'upload', name: 'Séance 1 — notes.pdf', bytes: PDF, type: 'application/pdf' }));
    expect(added.statusCode).toBe(201);
    const document = added.json();
    expect(document).toMatchObject({ title: 'Notes', file_name: 'Séance 1 — notes.pdf', content_type: 'application/pdf' });
    expect((await call(t, 'POST', `/api/study-material/${course.courseId}`, other.token,
      upload({ title: 'Intrus' }, { field: 'upload', name: 'x.pdf', bytes: PDF, type: 'application/pdf' }))).statusCode).toBe(403);

    expect((await call(t, 'GET', `/api/study-material/${course.courseId}`, enrolled.token)).json().map((d: { id: number }) => d.id)).toEqual([document.id]);
    expect((await call(t, 'GET', `/api/study-material/${course.courseId}`, stranger.token)).statusCode).toBe(403);
    const download = await media(document.upload, await mediaCookie(enrolled));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''S%C3%A9ance%201%20%E2%80%94%20notes.pdf");
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await media(document.upload, await mediaCookie(stranger))).statusCode).toBe(403);

    expect((await call(t, 'DELETE', `/api/study-materials/${document.id}`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/study-materials/${document.id}`, teacher.token)).json()).toEqual({ archived: true });
    expect((await call(t, 'GET', `/api/study-material/${course.courseId}`, enrolled.token)).json()).toEqual([]);
    expect(await db.query('select 1 from catalogue.study_material where id = $1 and archived_at is not null', [document.id])).toHaveLength(1);
  });

  it('lists a course\'s enrolled students to its trainer only', async () => {
    const [teacher, other, student] = await Promise.all([givenTeacher(t), givenTeacher(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    expect((await call(t, 'GET', `/api/fetch-enrolled-students/${course.courseId}`, teacher.token)).json()).toEqual([]);
    await givenEnrolled(t, student, course);
    const list = (await call(t, 'GET', `/api/fetch-enrolled-students/${course.courseId}`, teacher.token)).json();
    expect(list).toEqual([expect.objectContaining({ student: expect.objectContaining({ id: student.studentId, email: student.email, interseted_categories: expect.any(String) }) })]);
    expect((await call(t, 'GET', `/api/fetch-enrolled-students/${course.courseId}`, other.token)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/fetch-enrolled-students/${course.courseId}`, student.token)).statusCode).toBe(403);
  });
});
