// The refresh token as an HttpOnly cookie (docs/adr/0029): its flags, the same-origin checks of the
// cookie calls, and the spec's body refresh that still works beside it.
import { call, givenStudent, login } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const HOST = 'app.exemple.fr';
const ORIGIN = `https://${HOST}`;

function refreshCookieOf(response: { headers: Record<string, unknown> }): string {
  const raw = response.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : [raw]).filter((c): c is string => typeof c === 'string');
  const cookie = all.find((c) => c.startsWith('lms_refresh='));
  if (!cookie) throw new Error(`pas de cookie lms_refresh dans ${JSON.stringify(all)}`);
  return cookie;
}
const valueOf = (cookie: string) => cookie.split(';')[0]!.slice('lms_refresh='.length);

function cookieRefresh(token: string, headers: Record<string, string> = { origin: ORIGIN, 'x-lms-session': '1' }) {
  return t.app.inject({ method: 'POST', url: '/api/token/refresh/', headers: { host: HOST, cookie: `lms_refresh=${token}`, ...headers }, payload: {} });
}

describe('the refresh cookie', () => {
  it('is set by a login: HttpOnly, SameSite=Strict, scoped to /api/token/, Secure outside loopback, and the login still answers access and refresh', async () => {
    const student = await givenStudent(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/student-login-jwt/',
      headers: { host: HOST },
      payload: { email: student.email, password: student.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(typeof body.access).toBe('string');
    expect(typeof body.refresh).toBe('string');
    const cookie = refreshCookieOf(response);
    expect(valueOf(cookie)).toBe(body.refresh);
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Strict');
    expect(cookie).toContain('; Path=/api/token/');
    expect(cookie).toContain('; Secure');
  });

  it('is not Secure on a loopback host over http (dev and e2e), and a refused login sets none', async () => {
    const student = await givenStudent(t);
    const ok = await t.app.inject({ method: 'POST', url: '/api/student-login-jwt/', headers: { host: '127.0.0.1:3000' }, payload: { email: student.email, password: student.password } });
    expect(refreshCookieOf(ok)).not.toContain('Secure');
    const refused = await login(t, 'student', student.email, 'mauvais-mot-de-passe');
    expect(refused.json().bool).toBe(false);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('refreshes a same-origin call carrying the header, and rotates the cookie', async () => {
    const student = await givenStudent(t);
    const response = await cookieRefresh(student.refresh);
    expect(response.statusCode).toBe(200);
    const next = valueOf(refreshCookieOf(response));
    expect(next).toBe(response.json().refresh);
    expect(next).not.toBe(student.refresh);
    expect((await call(t, 'GET', `/api/student/${student.studentId}/`, response.json().access)).statusCode).toBe(200);
    expect((await cookieRefresh(next)).statusCode).toBe(200);
  });

  it('refuses a cookie call from another origin, without Origin or without the header, and spends nothing', async () => {
    const student = await givenStudent(t);
    const refused: Record<string, string>[] = [
      { origin: 'https://pirate.exemple', 'x-lms-session': '1' },
      { 'x-lms-session': '1' },
      { origin: ORIGIN },
      { origin: ORIGIN, 'x-lms-session': 'oui' },
    ];
    for (const headers of refused) {
      const response = await cookieRefresh(student.refresh, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toContain('ne vient pas d’une page de l’application');
    }
    // The token was never spent: the legitimate page still refreshes with it.
    expect((await cookieRefresh(student.refresh)).statusCode).toBe(200);
  });

  it('answers 400 in French when there is neither a body token nor a cookie', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', headers: { host: HOST, origin: ORIGIN, 'x-lms-session': '1' }, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Le jeton de rafraîchissement est obligatoire.');
  });

  it('still refreshes the spec way, from the body, with no Origin or header needed', async () => {
    const student = await givenStudent(t);
    const response = await call(t, 'POST', '/api/token/refresh/', undefined, { refresh: student.refresh });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['access', 'refresh']);
  });

  it('a stolen cookie replayed after the owner rotated revokes the family and clears the cookie', async () => {
    const student = await givenStudent(t);
    const first = await cookieRefresh(student.refresh);
    expect(first.statusCode).toBe(200);
    // The owner went on with the new cookie: the old one is now a replay, not a lost answer.
    const owner = await cookieRefresh(valueOf(refreshCookieOf(first)));
    expect(owner.statusCode).toBe(200);
    const replay = await cookieRefresh(student.refresh);
    expect(replay.statusCode).toBe(401);
    expect(refreshCookieOf(replay)).toContain('Max-Age=0');
    expect((await cookieRefresh(valueOf(refreshCookieOf(owner)))).statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/student/${student.studentId}/`, owner.json().access)).statusCode).toBe(401);
  });

  it('POST /api/token/logout/ closes the cookie family for a same-origin call, clears the cookie, and ignores a cross-site one', async () => {
    const student = await givenStudent(t);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/token/logout/',
      headers: { host: HOST, cookie: `lms_refresh=${student.refresh}`, origin: 'https://pirate.exemple', 'x-lms-session': '1' },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(204);
    expect(crossSite.headers['set-cookie']).toBeUndefined();

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/token/logout/',
      headers: { host: HOST, cookie: `lms_refresh=${student.refresh}`, origin: ORIGIN, 'x-lms-session': '1', authorization: `Bearer ${student.token}` },
      payload: {},
    });
    expect(logout.statusCode).toBe(204);
    expect(refreshCookieOf(logout)).toContain('Max-Age=0');
    expect((await cookieRefresh(student.refresh)).statusCode).toBe(401);
    expect((await call(t, 'GET', `/api/student/${student.studentId}/`, student.token)).statusCode).toBe(401);
  });
});
