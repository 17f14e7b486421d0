import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from './testing/test-app.js';

// A build as Vite leaves it: index.html, and a hashed chunk with its .br and .gz beside it.
const dist = mkdtempSync(join(tmpdir(), 'lms-spa-'));
const INDEX = '<!doctype html><title>LMS</title><meta property="csp-nonce" nonce="__CSP_NONCE__"><div id="root"></div>';
const CHUNK = `export const chunk = ${JSON.stringify('x'.repeat(4000))};\n`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), INDEX);
writeFileSync(join(dist, 'assets/index-AbC123.js'), CHUNK);
writeFileSync(join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(CHUNK));
writeFileSync(join(dist, 'assets/index-AbC123.js.gz'), gzipSync(CHUNK));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FRONTEND_DIST: dist });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const BROWSER_NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('GET /assets/* (hashed build files)', () => {
  describe('when the browser accepts brotli', () => {
    it('answers the .br variant with content-encoding br, vary accept-encoding and a year of immutable caching', async () => {
      const response = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(CHUNK);
    });
  });

  describe('when it accepts only gzip', () => {
    it('answers the .gz variant', async () => {
      const response = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(gunzipSync(response.rawPayload).toString()).toBe(CHUNK);
    });
  });

  describe('when it accepts no compression', () => {
    it('answers the file itself', async () => {
      const response = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(CHUNK);
    });
  });

  describe('when the file does not exist (a chunk of a previous build)', () => {
    it('answers the French JSON 404, never index.html', async () => {
      const response = await get('/assets/index-Old999.js', BROWSER_NAVIGATION);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Ressource introuvable.');
    });
  });
});

describe('the pages of the SPA', () => {
  it.each(['/', '/all-courses', '/detail/12?x=1', '/search/node.js'])('GET %s answers index.html, never stored, under a CSP with a nonce of its own', async (url) => {
    const response = await get(url, BROWSER_NAVIGATION);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<div id="root">');
    // docs/adr/0029: the placeholder of Vite's html.cspNonce becomes this answer's nonce, named by the policy.
    const nonce = /nonce="([^"]+)"/.exec(response.body)![1]!;
    expect(nonce).not.toBe('__CSP_NONCE__');
    const policy = String(response.headers['content-security-policy']);
    // No inline script and no foreign source but the two video players' APIs, at their exact paths.
    expect(policy).toContain("script-src 'self' https://www.youtube.com/iframe_api https://www.youtube.com/s/player/ https://player.vimeo.com/api/player.js;");
    expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/frame-src 'self' \S*.* https:\/\/www\.youtube\.com .*https:\/\/player\.vimeo\.com/);
    expect(policy).toContain('report-uri /api/csp-report/');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives each answer a new nonce, and /index.html is the SPA page too, never the raw file', async () => {
    const [a, b] = await Promise.all([get('/', BROWSER_NAVIGATION), get('/index.html', BROWSER_NAVIGATION)]);
    expect(a.body).not.toContain('__CSP_NONCE__');
    expect(b.body).not.toContain('__CSP_NONCE__');
    expect(a.headers['content-security-policy']).not.toEqual(b.headers['content-security-policy']);
  });

  it('names the SCORM content origin (the loopback twin here) among the frames', async () => {
    const response = await get('/', { ...BROWSER_NAVIGATION, host: '127.0.0.1:3000' });
    expect(String(response.headers['content-security-policy'])).toContain('frame-src \'self\' http://localhost:3000 ');
  });

  it('answers a deep link to a client that sends no Accept header', async () => {
    expect((await get('/all-courses')).body).toContain('<div id="root">');
  });

  it('answers the French JSON 404 to a client that does not ask for HTML', async () => {
    const response = await get('/all-courses', { accept: 'application/json' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Ressource introuvable.');
  });
});

describe('GET /api/unknown', () => {
  it('is still the French JSON 404, even for a browser navigation', async () => {
    const response = await get('/api/unknown', BROWSER_NAVIGATION);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ statusCode: 404, message: 'Ressource introuvable.' });
  });
});
