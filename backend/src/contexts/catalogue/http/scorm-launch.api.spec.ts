// The SCORM content origin (docs/adr/0025): a launch signs a short-lived token bound to the
// account, the chapter and the two origins; package files are served only on the content host,
// with that token in the path, checked on every file; the app refuses its own routes on the
// content host and any request whose Origin is the content origin.
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAccount } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { buildScormPackage } from '../../../demo/scorm/build-package.js';

function upload(bytes: Buffer): FormData {
  const data = new FormData();
  data.append('title', 'Module');
  data.append('content_type', 'scorm');
  data.append('duration', '600');
  data.append('scorm_file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'module.zip');
  return data;
}

async function givenScormChapter(t: TestApp, version: 'scorm12' | 'scorm2004' = 'scorm12') {
  const [teacher, student] = await Promise.all([givenTeacher(t), givenStudent(t)]);
  const course = await givenCourse(t, { teacherId: teacher.teacherId });
  await givenEnrolled(t, student, course);
  const chapter = (await call(t, 'POST', `/api/course-chapters/${course.courseId}/`, teacher.token, upload(await buildScormPackage(version)))).json();
  return { teacher, student, course, chapter: chapter as { id: number; scorm_url: string } };
}

/** POST /api/scorm-launch/ as the app at `host` would send it. */
const launch = (t: TestApp, account: GivenAccount | undefined, chapterId: unknown, host = 'localhost:3000', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/scorm-launch/',
    headers: { host, ...(account ? { authorization: `Bearer ${account.token}` } : {}), ...headers },
    payload: { chapter_id: chapterId },
  });

const get = (t: TestApp, url: string, host: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('the content origin, unconfigured: the loopback twin of the host the browser used', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('launches on 127.0.0.1 for an app on localhost, and the reverse, with a token the content host alone accepts', async () => {
    const { student, chapter } = await givenScormChapter(t);
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000);
    t.clock.set(at);
    const answer = await launch(t, student, chapter.id, 'localhost:3000');
    t.clock.release();
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.content_origin).toBe('http://127.0.0.1:3000');
    expect(body.launch_base).toMatch(/^http:\/\/127\.0\.0\.1:3000\/scorm-launch\/[\w-]+\.[\w-]+\/$/);
    expect(body.expires_at).toBe(new Date(at.getTime() + 2 * 3600 * 1000).toISOString());
    expect((await launch(t, student, chapter.id, '127.0.0.1:3000')).json().content_origin).toBe('http://localhost:3000');

    const token = new URL(body.launch_base).pathname.split('/')[2]!;
    const page = await get(t, `/scorm-launch/${token}/index.html`, '127.0.0.1:3000');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    expect(csp).toContain("default-src 'self' https: data: blob: 'unsafe-inline' 'unsafe-eval'");
    expect(csp).not.toContain('localhost:3000;');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // The bridge from the content origin, then the manifest's launch file (index_lms.html) in a frame below.
    expect(page.body).toContain('<script src="/scorm-launch/bridge.js"></script>');
    expect(page.body).toContain(`"src":"/scorm-content/${token}/index_lms.html"`);
    expect(page.body).toContain('"app":"http://localhost:3000"');
    expect(page.body).toContain('window.API = exposed');

    const file = await get(t, `/scorm-content/${token}/index_lms.html`, '127.0.0.1:3000');
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-security-policy'])).toContain("frame-ancestors 'self' http://localhost:3000");
    const bridge = await get(t, '/scorm-launch/bridge.js', '127.0.0.1:3000');
    expect(bridge.statusCode).toBe(200);
    expect(bridge.body).toContain('CrossFrameAPI');

    // The same token on the app's host: refused, page and files.
    expect((await get(t, `/scorm-launch/${token}/index.html`, 'localhost:3000')).statusCode).toBe(404);
    expect((await get(t, `/scorm-content/${token}/index_lms.html`, 'localhost:3000')).statusCode).toBe(404);
    // No package file on the app's origin at all, even with a media session.
    const cookie = String((await call(t, 'POST', '/api/media-session/', student.token)).headers['set-cookie']).split(';')[0]!;
    const old = await t.app.inject({ method: 'GET', url: chapter.scorm_url, headers: { cookie } });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toMatch(/lecteur du cours/);
  });

  it('refuses a forged, altered or expired token, and a reader who lost access', async () => {
    const { student, teacher, course, chapter } = await givenScormChapter(t);
    const base = new URL((await launch(t, student, chapter.id)).json().launch_base);
    const token = base.pathname.split('/')[2]!;
    const [body, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const other = (await givenScormChapter(t)).chapter;
    const altered = Buffer.from(JSON.stringify([claims[0], claims[1], claims[2], other.id, ...claims.slice(4)])).toString('base64url');
    for (const bad of [`${altered}.${mac}`, `${body}.${mac.slice(0, -2)}xx`, 'pas-un-jeton', `${body}`]) {
      const answer = await get(t, `/scorm-content/${bad}/index_lms.html`, base.host);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe('Lien du module invalide ou expiré : rouvrez le module depuis le cours.');
    }
    expect((await get(t, `/scorm-content/${token}/index_lms.html`, base.host)).statusCode).toBe(200);
    // Nothing outside the package, and no hostile path answers 500.
    for (const path of ['../../../../etc/passwd', '%2e%2e/%2e%2e/etc/passwd', '..%2f..%2fetc%2fpasswd', 'index_lms.html%00.png', `${'a/'.repeat(500)}x`, 'x'.repeat(20_000), 'a\\..\\b']) {
      const hostile = await get(t, `/scorm-content/${token}/${path}`, base.host);
      expect([path, [400, 404].includes(hostile.statusCode)]).toEqual([path, true]);
      expect(hostile.body).not.toContain('root:');
    }
    // A student of another course cannot launch; the trainer and an admin (the preview) can.
    expect((await launch(t, await givenStudent(t), chapter.id)).statusCode).toBe(403);
    expect((await launch(t, teacher, chapter.id)).statusCode).toBe(200);
    expect((await launch(t, await givenAdmin(t), chapter.id)).statusCode).toBe(200);
    const missing = await launch(t, student, 'abc');
    expect(missing.statusCode).toBe(400);
    expect((await launch(t, student, 999999)).json().message).toBe('Module SCORM non disponible');
    // Unenrolled: the token still genuine, the gate asked again on each file says no.
    const admin = await givenAdmin(t);
    expect((await call(t, 'DELETE', `/api/remove-enrolled-course/${student.studentId}/${course.courseId}/`, admin.token)).statusCode).toBe(200);
    expect((await get(t, `/scorm-content/${token}/index_lms.html`, base.host)).statusCode).toBe(403);
    // Expired: two hours by the server's clock.
    const fresh = new URL((await launch(t, teacher, chapter.id)).json().launch_base).pathname.split('/')[2]!;
    t.clock.advance(2 * 3600 * 1000 + 1000);
    expect((await get(t, `/scorm-content/${fresh}/index_lms.html`, base.host)).statusCode).toBe(403);
    t.clock.release();
  });

  it('refuses every app route whose Origin is the content origin, the refresh call included', async () => {
    const { student, chapter } = await givenScormChapter(t);
    const fromPackage = { origin: 'http://127.0.0.1:3000' };
    const profile = await t.app.inject({ method: 'GET', url: `/api/scorm-progress/?student=${student.studentId}&chapter=${chapter.id}`, headers: { host: 'localhost:3000', authorization: `Bearer ${student.token}`, ...fromPackage } });
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toBe('Requête refusée : elle vient d’un module SCORM, qui n’agit pas au nom de l’utilisateur.');
    const refresh = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', headers: { host: 'localhost:3000', ...fromPackage }, payload: { refresh: student.refresh } });
    expect(refresh.statusCode).toBe(403);
    // The app's own pages (same origin, or no Origin) are served as usual.
    const own = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', headers: { host: 'localhost:3000', origin: 'http://localhost:3000' }, payload: { refresh: student.refresh } });
    expect(own.statusCode).toBe(200);
  });

  it('names the setting in French when the app is on a host with no loopback twin', async () => {
    const { student, chapter } = await givenScormChapter(t);
    const answer = await launch(t, student, chapter.id, 'formation.example.fr');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/CONTENT_ORIGIN/);
  });
});

describe('the content origin, configured (CONTENT_ORIGIN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CONTENT_ORIGIN: 'http://scorm.formation.test' });
  });
  afterAll(() => t?.close());

  it('serves packages on that host only, and nothing of the app there', async () => {
    const { student, chapter } = await givenScormChapter(t, 'scorm2004');
    const answer = await launch(t, student, chapter.id, 'formation.test');
    expect(answer.statusCode).toBe(200);
    const base = new URL(answer.json().launch_base);
    expect(base.origin).toBe('http://scorm.formation.test');
    const token = base.pathname.split('/')[2]!;
    const page = await get(t, `/scorm-launch/${token}/index.html`, 'scorm.formation.test');
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain('frame-ancestors http://formation.test');
    expect(page.body).toContain('window.API_1484_11 = exposed');
    // The app's routes on the content host: refused (the API, the SPA).
    expect((await get(t, '/api/category/', 'scorm.formation.test')).statusCode).toBe(404);
    expect((await get(t, '/', 'scorm.formation.test', { accept: 'text/html' })).statusCode).toBe(404);
    // The content routes on the app's host: refused.
    expect((await get(t, `/scorm-launch/${token}/index.html`, 'formation.test')).statusCode).toBe(404);
    expect((await get(t, '/scorm-launch/bridge.js', 'formation.test')).statusCode).toBe(404);
    // A request from the content origin to the app's API: refused; from the app itself: served.
    expect((await get(t, '/api/category/', 'formation.test', { origin: 'http://scorm.formation.test' })).statusCode).toBe(403);
    expect((await get(t, '/api/category/', 'formation.test', { origin: 'http://formation.test' })).statusCode).toBe(200);
    // Behind a proxy that ends TLS: the page's origin is read from the browser's Origin header.
    const behindProxy = await launch(t, student, chapter.id, 'formation.test', { origin: 'https://formation.test' });
    const proxied = new URL(behindProxy.json().launch_base);
    const framed = await get(t, `${proxied.pathname}index.html`, 'scorm.formation.test');
    expect(String(framed.headers['content-security-policy'])).toContain('frame-ancestors https://formation.test');
    expect(framed.body).toContain('"app":"https://formation.test"');
    // The app on the content origin itself cannot launch (no other host to use).
    expect((await launch(t, student, chapter.id, 'scorm.formation.test')).statusCode).toBe(404);
  });
});
