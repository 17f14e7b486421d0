// Security headers on every answer and the CSP violation reports (docs/adr/0029).
import { startTestApp, type TestApp } from './testing/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  it('every API answer carries nosniff, a referrer policy, a permissions policy and frame-ancestors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(response.headers['permissions-policy'])).toContain('camera=()');
    expect(response.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });
});

describe('POST /api/csp-report/', () => {
  const report = async (payload: string, contentType = 'application/csp-report') => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/csp-report/', headers: { 'content-type': contentType }, payload });
    // The body names the cause when the status is not the expected one.
    return { statusCode: answer.statusCode === 204 ? 204 : `${answer.statusCode} ${answer.body}` };
  };

  it('takes both report formats and answers 204', async () => {
    const legacy = JSON.stringify({ 'csp-report': { 'document-uri': 'http://127.0.0.1/', 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } });
    expect((await report(legacy)).statusCode).toBe(204);
    const modern = JSON.stringify([{ type: 'csp-violation', body: { documentURL: 'http://127.0.0.1/', effectiveDirective: 'script-src-elem', blockedURL: 'inline' } }]);
    expect((await report(modern, 'application/reports+json')).statusCode).toBe(204);
  });

  it('never answers 500: broken JSON, an empty body, or a flood', async () => {
    expect((await report('{pas du json')).statusCode).toBe(204);
    expect((await report('')).statusCode).not.toBe(500);
    const answers = await Promise.all(Array.from({ length: 60 }, () => report('{}')));
    expect(answers.every((a) => a.statusCode === 204)).toBe(true);
  });

  it('refuses a body over 8 KiB with 413 and a French message', async () => {
    const big = JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(10_000) } });
    const answer = await t.app.inject({ method: 'POST', url: '/api/csp-report/', headers: { 'content-type': 'application/csp-report' }, payload: big });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe('Rapport trop volumineux.');
  });
});
