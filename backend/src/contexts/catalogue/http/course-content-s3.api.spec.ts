// The whole app with STORAGE=s3 (docs/adr/0060) against s3rver: a video uploaded through the
// authoring call and served with ranges through the content gate, a study document downloaded
// under its name, a SCORM package served on the content origin, a public image, the readiness
// check; every file in the bucket, none on the node's disk.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { projectRoot } from '../../../platform/config/config.js';
import { MediaStorage } from '../../../platform/storage/media-storage.js';
import { S3MediaStorage } from '../../../platform/storage/s3-storage.js';
import { startTestS3, type TestS3 } from '../../../platform/testing/s3rver.js';
import { call, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAccount } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await startTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const WEBM = readFileSync(join(projectRoot, 'backend/src/demo/assets/video/demo-video.webm'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function upload(fields: Record<string, string | number>, file: { field: string; name: string; bytes: Buffer; type: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, String(value));
  data.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

async function mediaCookie(account: GivenAccount): Promise<string> {
  const response = await call(t, 'POST', '/api/media-session/', account.token);
  expect(response.statusCode).toBe(204);
  return String(response.headers['set-cookie']).split(';')[0]!;
}

const media = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

/** The object keys under a public path, read from the bucket itself. */
async function objectsOf(publicPath: string): Promise<string[]> {
  const client = (t.app.get(MediaStorage) as S3MediaStorage).client;
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: publicPath.slice('/media/'.length) }));
  return (page.Contents ?? []).map((object) => object.Key!);
}

describe('media on an S3-compatible object store', () => {
  it('stores an uploaded video in the bucket and serves it with ranges to the course people only', async () => {
    expect(t.app.get(MediaStorage)).toBeInstanceOf(S3MediaStorage);
    const [teacher, enrolled, stranger] = await Promise.all([givenTeacher(t), givenStudent(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, enrolled, course);
    const response = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token,
      upload({ title: 'Démonstration', content_type: 'video_file' }, { field: 'video', name: 'demo.webm', bytes: WEBM, type: 'video/webm' }));
    expect(response.statusCode).toBe(201);
    const chapter = response.json();
    expect(chapter.video_duration).toBe(12);
    expect(await objectsOf(chapter.video)).toEqual([chapter.video.slice('/media/'.length)]);
    expect(existsSync(join(t.config.dataDir, 'media', 'content'))).toBe(false);

    expect((await media(chapter.video)).statusCode).toBe(401);
    expect((await media(chapter.video, await mediaCookie(stranger))).statusCode).toBe(403);
    const cookie = await mediaCookie(enrolled);
    const whole = await media(chapter.video, cookie);
    expect([whole.statusCode, whole.headers['content-type']]).toEqual([200, 'video/webm']);
    expect(whole.rawPayload.equals(WEBM)).toBe(true);
    const size = WEBM.length;
    for (const [range, start, end] of [['bytes=100-199', 100, 199], ['bytes=1000-', 1000, size - 1], ['bytes=-500', size - 500, size - 1]] as const) {
      const part = await media(chapter.video, cookie, { range });
      expect([part.statusCode, part.headers['content-range']]).toEqual([206, `bytes ${start}-${end}/${size}`]);
      expect(part.rawPayload.equals(WEBM.subarray(start, end + 1))).toBe(true);
    }
    // Gated content is never public media, on an object store either.
    expect((await t.app.inject({ method: 'GET', url: chapter.video.replace('/media/content/', '/media//content/') })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('downloads a study document under its own name from the bucket', async () => {
    const [teacher, enrolled] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, enrolled, course);
    const added = await call(t, 'POST', `/api/study-material/${course.courseId}`, teacher.token,
      upload({ title: 'Notes' }, { field: 'upload', name: 'Séance 1 — notes.pdf', bytes: PDF, type: 'application/pdf' }));
    expect(added.statusCode).toBe(201);
    const document = added.json();
    expect(await objectsOf(document.upload)).toHaveLength(1);
    const download = await media(document.upload, await mediaCookie(enrolled));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''S%C3%A9ance%201%20%E2%80%94%20notes.pdf");
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('serves a SCORM package from its prefix on the content origin only', async () => {
    const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    await givenEnrolled(t, student, course);
    const response = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token,
      upload({ title: 'Module', content_type: 'scorm', duration: 600 }, { field: 'scorm_file', name: 'module.zip', bytes: await buildScormPackage('scorm2004'), type: 'application/zip' }));
    expect(response.statusCode).toBe(201);
    const chapter = response.json();
    expect((await objectsOf(`/media/content/courses/${course.courseId}/scorm/`)).some((key) => key.endsWith('/imsmanifest.xml'))).toBe(true);
    expect((await media(chapter.scorm_url, await mediaCookie(student))).statusCode).toBe(404);
    const launch = await call(t, 'POST', '/api/scorm-launch/', student.token, { chapter_id: chapter.id });
    const base = new URL(launch.json().launch_base as string);
    const token = base.pathname.split('/')[2]!;
    const file = await t.app.inject({ method: 'GET', url: `/scorm-content/${token}/res/index.html`, headers: { host: base.host } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('API_1484_11');
    // On the app's own host the package is not served (docs/adr/0025).
    expect((await t.app.inject({ method: 'GET', url: `/scorm-content/${token}/res/index.html` })).statusCode).toBe(404);
  });

  it('leaves no object when the transaction of an upload rolls back (the staged-upload rule)', async () => {
    const teacher = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId });
    const folder = `/media/content/courses/${course.courseId}/`;
    // The files are stored, then the course refuses the step (its title is blank): the transaction rolls back.
    for (const file of [
      { field: 'video', name: 'demo.webm', bytes: WEBM, type: 'video/webm', contentType: 'video_file' },
      { field: 'scorm_file', name: 'module.zip', bytes: await buildScormPackage('scorm2004'), type: 'application/zip', contentType: 'scorm' },
    ]) {
      const refused = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, upload({ title: '   ', content_type: file.contentType }, file));
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'Le titre est obligatoire.']);
    }
    expect(await objectsOf(folder)).toEqual([]);
    const kept = await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token,
      upload({ title: 'Vidéo', content_type: 'video_file' }, { field: 'video', name: 'demo.webm', bytes: WEBM, type: 'video/webm' }));
    expect(kept.statusCode).toBe(201);
    expect(await objectsOf(folder)).toHaveLength(1);
  });

  it('serves public media from the bucket and is ready only while the bucket answers', async () => {
    const storage = t.app.get(MediaStorage);
    const image = await storage.put('profiles', 'png', Buffer.from('89504e470d0a1a0a', 'hex'));
    const served = await t.app.inject({ method: 'GET', url: image });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await t.app.inject({ method: 'GET', url: '/media/profiles/absent.png' })).statusCode).toBe(404);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect([ready.statusCode, ready.json().storage]).toEqual([200, 'ok']);
    await s3.stop();
    const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect([down.statusCode, down.json().storage]).toEqual([503, 'indisponible']);
  });
});
