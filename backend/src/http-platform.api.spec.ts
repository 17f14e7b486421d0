import { startTestApp, type TestApp } from './testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
});
afterAll(() => t?.close());

// The SPA and its history fallback: web-assets.api.spec.ts.
describe('HTTP platform', () => {
  it('answers 404 for a missing media file', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/profiles/absent.png' })).statusCode).toBe(404);
  });

  it('refuses a malformed JSON body with a French 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/student-login-jwt/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Requête invalide.');
  });
});

describe('login throttling per address', () => {
  it('answers 429 once one address has failed too often, whatever the account', async () => {
    const attempt = (i: number) =>
      t.app.inject({ method: 'POST', url: '/api/formateur/token/', payload: { email: `inconnu${i}@test.fr`, password: 'mauvais-mot-de-passe' } });
    for (let i = 0; i < 3; i++) expect((await attempt(i)).json().bool).toBe(false);
    const blocked = await attempt(99);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Trop de tentatives de connexion. Réessayez dans quelques minutes.');
  });
});
