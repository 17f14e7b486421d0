// What the server writes into a public page's head so that its LCP image loads with the scripts,
// not after them (issue 30 item 6, docs/adr/0058): per route, from the catalogue's read model.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, givenCategory, givenCourse, givenTeacher, uniqueName } from './testing/fixtures.js';
import { PNG } from './platform/testing/images.js';
import { startTestApp, type TestApp } from './testing/test-app.js';

// A build as Vite leaves it: the title the server replaces, then the scripts with the nonce placeholder.
const dist = mkdtempSync(join(tmpdir(), 'lms-preloads-'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="fr"><head><title>LMS | Centre de formation</title><meta property="csp-nonce" nonce="__CSP_NONCE__">'
    + '<script type="module" crossorigin src="/assets/index-AbC123.js" nonce="__CSP_NONCE__"></script></head><body><div id="root"></div></body></html>',
);

// Vite's manifest of that build: the entry and its chunks, the pages' chunks and what they import.
mkdirSync(join(dist, '.vite'));
writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify({
  'index.html': { file: 'assets/index-AbC123.js', isEntry: true, imports: ['_react-Re1.js'], dynamicImports: ['src/areas/public/home-page.tsx'] },
  '_react-Re1.js': { file: 'assets/react-Re1.js' },
  '_grid-Gr1.js': { file: 'assets/grid-Gr1.js', imports: ['_react-Re1.js', '_stars-St1.js'] },
  '_stars-St1.js': { file: 'assets/stars-St1.js' },
  'src/areas/public/home-page.tsx': { file: 'assets/home-page-Ho1.js', isDynamicEntry: true, imports: ['index.html', '_grid-Gr1.js', '_react-Re1.js'] },
  'src/features/catalogue/screens/all-courses-page.tsx': { file: 'assets/all-courses-page-Al1.js', isDynamicEntry: true, imports: ['index.html', '_grid-Gr1.js'] },
  'src/areas/public/course-detail-page.tsx': {
    file: 'assets/course-detail-page-De1.js', isDynamicEntry: true, imports: ['index.html', '_react-Re1.js'], css: ['assets/course-detail-page-De1.css'],
    dynamicImports: ['src/features/catalogue/components/course-outline.tsx'],
  },
  'src/features/catalogue/components/course-outline.tsx': { file: 'assets/course-outline-Ou1.js', isDynamicEntry: true },
}));

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FRONTEND_DIST: dist });
});
afterAll(() => t?.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const preloadsOf = (html: string) => [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((match) => match[0]);
const readsOf = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" href="([^"]+)" crossorigin \/>/g)].map((match) => match[1]);
const chunksOf = (html: string) => [...html.matchAll(/<link rel="(?:modulepreload|preload" as="style)" crossorigin href="([^"]+)"( nonce="[^"]+")?>/g)].map((match) => match[1]);
const copiesOf = (image: string) => [320, 640, 960, 1280].map((width) => `${image.replace(/\.png$/, `.w${width}.webp`)} ${width}w`).join(', ');
const CARD_SIZES = '(min-width: 1200px) 25vw, (min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw';

async function firstCardImage(pageNumber: number): Promise<string> {
  const list = await call(t, 'GET', `/api/course/?page=${pageNumber}&page_size=8`);
  return (list.json() as { results: { featured_img: string }[] }).results[0]!.featured_img;
}

it('preloads the hero’s poster on /, at high priority, before the scripts, with the centre’s title and the nonce written', async () => {
  const response = await page('/');
  expect(response.statusCode).toBe(200);
  expect(preloadsOf(response.body)).toEqual(['<link rel="preload" as="image" href="/hero/hero-poster.jpg" fetchpriority="high" />']);
  expect(readsOf(response.body)).toEqual([]);
  expect(response.body.indexOf('rel="preload"')).toBeLessThan(response.body.indexOf('<script'));
  expect(response.body).toContain('<title>LMS | Centre de formation</title>');
  expect(response.body).not.toContain('__CSP_NONCE__');
  const nonce = /<script[^>]* nonce="([^"]+)"/.exec(response.body)![1]!;
  expect(response.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  // The preloaded image is the page's own origin's, which the policy's img-src allows.
  expect(response.headers['content-security-policy']).toMatch(/img-src 'self'/);
});

describe('on the catalogue and a course page', () => {
  const courses: { courseId: number }[] = [];
  beforeAll(async () => {
    const [teacher, { categoryId }] = await Promise.all([givenTeacher(t), givenCategory(t)]);
    // Nine courses with an image: the catalogue's second page has one card.
    for (let i = 0; i < 9; i++) courses.push(await givenCourse(t, { teacherId: teacher.teacherId, categoryId, featuredImg: PNG }));
  });

  it('preloads the first card’s image of the page asked, with its responsive copies and the grid’s sizes, as the card draws it', async () => {
    for (const [url, pageNumber] of [['/all-courses', 1], ['/all-courses?page=1', 1], ['/all-courses?page=2', 2], ['/all-courses?page=abc', 1]] as const) {
      const image = await firstCardImage(pageNumber);
      expect(image).toMatch(/^\/media\/courses\/[0-9a-f-]{36}\.png$/);
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(preloadsOf(response.body)).toEqual([
        `<link rel="preload" as="image" href="${image}" imagesrcset="${copiesOf(image)}" imagesizes="${CARD_SIZES}" fetchpriority="high" />`,
      ]);
      // The list the page asks for first, exactly as RTK Query writes it (features/catalogue/catalogue-api.ts).
      expect(readsOf(response.body)).toEqual([`/api/course/?page=${pageNumber}&amp;page_size=8`]);
    }
    // A page past the last has no card, so nothing to preload.
    const past = await page('/all-courses?page=40');
    expect([preloadsOf(past.body), readsOf(past.body)]).toEqual([[], []]);
    // Past the 50th page no HTML answer reads the catalogue (no large offset for anyone who asks).
    const deep = await page('/all-courses?page=100000');
    expect([deep.statusCode, preloadsOf(deep.body), readsOf(deep.body)]).toEqual([200, [], []]);
  });

  it('preloads a published course’s image on its page; nothing for a draft, an unknown course or another page', async () => {
    const { courseId } = courses[0]!;
    const image = ((await call(t, 'GET', `/api/course/${courseId}/`)).json() as { featured_img: string }).featured_img;
    const detail = await page(`/detail/${courseId}`);
    expect(preloadsOf(detail.body)).toEqual([
      `<link rel="preload" as="image" href="${image}" imagesrcset="${copiesOf(image)}" imagesizes="(min-width: 992px) 50vw, 100vw" fetchpriority="high" />`,
    ]);
    expect(readsOf(detail.body)).toEqual([`/api/course/${courseId}/`]);

    const teacher = await givenTeacher(t);
    const form = new FormData();
    for (const [name, value] of Object.entries({ formateur: teacher.teacherId, category: (await givenCategory(t)).categoryId, title: uniqueName('Brouillon') })) form.append(name, String(value));
    form.append('featured_img', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'image.png');
    const draft = await call(t, 'POST', '/api/course/', teacher.token, form);
    expect(draft.statusCode).toBe(201);
    for (const url of [`/detail/${draft.json().id}`, '/detail/999999', '/detail/abc', '/detail/0', '/login', '/category', '/admin-dashboard']) {
      const response = await page(url);
      // A draft's read answers 404 to an anonymous preload, where its trainer's own call sees it: nothing is preloaded.
      expect([url, response.statusCode, preloadsOf(response.body), readsOf(response.body)]).toEqual([url, 200, [], []]);
    }
  });
});

it('modulepreloads the chunks a public route renders first, with the page’s nonce, but not the entry’s (index.html has them) nor what loads later', async () => {
  const home = await page('/');
  const nonce = /<script[^>]* nonce="([^"]+)"/.exec(home.body)![1]!;
  expect(chunksOf(home.body)).toEqual(['/assets/home-page-Ho1.js', '/assets/grid-Gr1.js', '/assets/stars-St1.js']);
  expect(home.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/home-page-Ho1.js" nonce="${nonce}">`);
  expect(home.body.indexOf('modulepreload')).toBeLessThan(home.body.indexOf('</head>'));
  expect(chunksOf((await page('/all-courses?page=2')).body)).toEqual(['/assets/all-courses-page-Al1.js', '/assets/grid-Gr1.js', '/assets/stars-St1.js']);
  // The course page's stylesheet, which Vite's loader waits for; its outline loads on use.
  expect(chunksOf((await page('/detail/3')).body)).toEqual(['/assets/course-detail-page-De1.js', '/assets/course-detail-page-De1.css']);
  for (const url of ['/login', '/detail/abc', '/all-courses/x', '/admin-dashboard']) expect([url, chunksOf((await page(url)).body)]).toEqual([url, []]);
  // The manifest itself is not served (a script asking for it gets the French 404).
  const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json', headers: { accept: 'application/json' } });
  expect([manifest.statusCode, manifest.body.includes('isEntry')]).toEqual([404, false]);
});
