import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
const spa = mkdtempSync(join(tmpdir(), 'lms-spa-'));
writeFileSync(join(spa, 'index.html'), '<!doctype html><title>LMS</title><div id="root"></div>');

beforeAll(async () => {
  t = await startTestApp({ FRONTEND_DIST: spa, LOGIN_MAX_FAILURES_PER_ADDRESS: '3' });
});
afterAll(() => t?.close());

describe('serving the SPA', () => {
  it('answers index.html for a deep link (history fallback)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/detail/12?x=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers a JSON 404 for an unknown API path, never the SPA', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/detail/12' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Ressource introuvable.');
  });

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
