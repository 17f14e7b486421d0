import { expect, test } from '@playwright/test';

/** How the production build is delivered (docs/adr/0010-front-end-delivery.md). */
test.describe('delivery of the production build', () => {
  test('hashed scripts are sent precompressed, brotli or gzip as asked, and cached for a year', async ({ request }) => {
    const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
    const entry = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(entry).toBeTruthy();
    for (const [accepted, sent] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const response = await request.get(entry!, { headers: { 'accept-encoding': accepted } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-encoding']).toBe(sent);
      expect(response.headers()['vary']).toContain('accept-encoding');
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test('/ and a deep link answer index.html, never stored (a nonce per answer)', async ({ page }) => {
    for (const path of ['/', '/all-courses']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toContain('text/html');
      // Never stored: each answer carries its own CSP nonce (docs/adr/0029).
      expect(response?.headers()['cache-control']).toBe('no-store');
    }
  });

  test('an unknown API path is still a French JSON 404', async ({ request }) => {
    const response = await request.get('/api/unknown', { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'Ressource introuvable.' });
  });
});
