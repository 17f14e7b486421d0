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

  test('a public page’s preloads are the ones it uses: one read of its API, the image copy its <img> draws, its chunk once (docs/adr/0058)', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname + new URL(request.url()).search));
    const consoleWarnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) consoleWarnings.push(message.text());
    });
    for (const [path, read] of [['/all-courses', '/api/course/?page=1&page_size=8'], ['/detail/', null]] as const) {
      requests.length = 0;
      let url: string = path;
      if (path === '/detail/') {
        const first = (await (await page.request.get('/api/course/?page=1&page_size=8')).json()) as { results: { id: number }[] };
        url = `/detail/${first.results[0]!.id}`;
      }
      await page.goto(url);
      const image = page.locator('img[fetchpriority="high"]').first();
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const drawn = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
      const apiRead = read ?? `/api/course/${url.split('/').at(-1)}/`;
      // Each asked once: the preloaded answer and image are the ones the page takes.
      expect(requests.filter((request) => request === apiRead)).toHaveLength(1);
      expect(requests.filter((request) => request === drawn)).toHaveLength(1);
      expect(requests.filter((request) => /^\/media\/courses\//.test(request) && request.split('.')[0] === drawn.split('.')[0])).toEqual([drawn]);
      const chunk = requests.find((request) => /^\/assets\/(all-courses|course-detail)-page-/.test(request));
      expect(chunk).toBeTruthy();
      expect(requests.filter((request) => request === chunk)).toHaveLength(1);
    }
    expect(consoleWarnings).toEqual([]);
  });

  test('an unknown API path is still a French JSON 404', async ({ request }) => {
    const response = await request.get('/api/unknown', { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, message: 'Ressource introuvable.' });
  });
});
