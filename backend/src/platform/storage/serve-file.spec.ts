import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { ErrorFilter } from '../http/error.filter.js';
import { LocalDiskStorage } from './media-storage.js';
import { attachmentDisposition, contentTypeFor, sendStoredFile, startsADownload, type SendStoredFileOptions } from './serve-file.js';

const dir = mkdtempSync(join(tmpdir(), 'lms-serve-'));
const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const video = join(dir, 'cours.webm');
writeFileSync(video, content);
const modified = new Date('2026-03-01T10:00:00Z');
utimesSync(video, modified, modified);
writeFileSync(join(dir, 'vide.txt'), '');
mkdirSync(join(dir, 'dossier'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let app: FastifyInstance;
let options: SendStoredFileOptions = {};
beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = new ErrorFilter().toResponse(error, request);
    void reply.status(status).send(body);
  });
  const storage = new LocalDiskStorage(dir);
  app.get('/files/:name', (request, reply) => sendStoredFile(reply, request, storage, `/media/${(request.params as { name: string }).name}`, options));
  app.get('/first/:name', async (request) => ({ first: await startsADownload(request, storage, `/media/${(request.params as { name: string }).name}`) }));
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  options = {};
});

const get = (headers: Record<string, string> = {}, name = 'cours.webm', method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url: `/files/${encodeURIComponent(name)}`, headers });

describe('sendStoredFile', () => {
  it('sends the whole file with its type, length, validators and nosniff', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(content)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'video/webm',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'last-modified': 'Sun, 01 Mar 2026 10:00:00 GMT',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
    });
    expect(response.headers.etag).toMatch(/^"3e8-[0-9a-f]+"$/);
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-199', 100, 199],
    ['bytes=900-', 900, 999],
    ['bytes=-10', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=990-5000', 990, 999],
    ['bytes=999-999', 999, 999],
  ])('answers %s with 206 and the bytes asked for', async (range, start, end) => {
    const response = await get({ range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(content.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers %s with 416 and the size', async (range) => {
    const response = await get({ range });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */1000');
    expect(response.json().message).toBe('La plage demandée est hors du fichier.');
  });

  it.each(['bytes=0-10,20-30', 'bytes=abc', 'items=0-10', 'bytes=50-10', 'bytes=-'])('sends the whole file for the range %s it does not serve', async (range) => {
    const response = await get({ range });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(1000);
  });

  it('honours If-Range only while the file is the same', async () => {
    const { etag } = (await get()).headers;
    expect((await get({ range: 'bytes=0-9', 'if-range': etag as string })).statusCode).toBe(206);
    expect((await get({ range: 'bytes=0-9', 'if-range': '"autre"' })).statusCode).toBe(200);
    expect((await get({ range: 'bytes=0-9', 'if-range': 'Sun, 01 Mar 2026 10:00:00 GMT' })).statusCode).toBe(206);
    expect((await get({ range: 'bytes=0-9', 'if-range': 'Sat, 28 Feb 2026 10:00:00 GMT' })).statusCode).toBe(200);
  });

  it('answers 304 to a copy that is still current', async () => {
    const { etag } = (await get()).headers;
    for (const headers of <Record<string, string>[]>[{ 'if-none-match': etag as string }, { 'if-none-match': `"x", W/${etag}` }, { 'if-none-match': '*' }, { 'if-modified-since': 'Sun, 01 Mar 2026 10:00:00 GMT' }]) {
      const response = await get(headers);
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
    }
    expect((await get({ 'if-none-match': '"autre"' })).statusCode).toBe(200);
    expect((await get({ 'if-modified-since': 'Sat, 28 Feb 2026 10:00:00 GMT' })).statusCode).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect((await get({ 'if-none-match': '"autre"', 'if-modified-since': 'Sun, 01 Mar 2026 10:00:00 GMT' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const whole = await get({}, 'cours.webm', 'HEAD');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('1000');
    expect(whole.rawPayload.length).toBe(0);
    const part = await get({ range: 'bytes=10-19' }, 'cours.webm', 'HEAD');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('10');
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
  });

  it('offers a download under its UTF-8 name with an ASCII fallback, with the type and cache asked for', async () => {
    options = { downloadName: 'Séance 2 — “notes”.pdf', contentType: 'application/pdf', cacheSeconds: 3600 };
    const response = await get();
    expect(response.headers['content-disposition']).toBe(
      "attachment; filename=\"Seance 2 _ _notes_.pdf\"; filename*=UTF-8''S%C3%A9ance%202%20%E2%80%94%20%E2%80%9Cnotes%E2%80%9D.pdf",
    );
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('sends an empty file', async () => {
    const response = await get({}, 'vide.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('0');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers a French 404 for a missing file or a directory', async () => {
    for (const name of ['absent.mp4', 'dossier']) {
      const response = await get({}, name);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Fichier introuvable.');
    }
  });
});

describe('contentTypeFor', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['res/api.js', 'text/javascript; charset=utf-8'],
    ['style.CSS', 'text/css; charset=utf-8'],
    ['data.json', 'application/json; charset=utf-8'],
    ['imsmanifest.xml', 'application/xml; charset=utf-8'],
    ['a.png', 'image/png'],
    ['a.jpg', 'image/jpeg'],
    ['a.jpeg', 'image/jpeg'],
    ['logo.svg', 'image/svg+xml'],
    ['v.mp4', 'video/mp4'],
    ['v.webm', 'video/webm'],
    ['son.mp3', 'audio/mpeg'],
    ['police.woff2', 'font/woff2'],
    ['cours.pdf', 'application/pdf'],
    ['sans-extension', 'application/octet-stream'],
    ['programme.exe', 'application/octet-stream'],
  ])('%s → %s', (name, type) => {
    expect(contentTypeFor(name)).toBe(type);
  });
});

describe('attachmentDisposition', () => {
  it('escapes quotes, backslashes, controls and characters RFC 5987 keeps for itself', () => {
    expect(attachmentDisposition('a"b\\c\r\n(1)*.txt')).toBe("attachment; filename=\"a_b_c(1)*.txt\"; filename*=UTF-8''a%22b%5Cc%281%29%2A.txt");
    expect(attachmentDisposition('100%.csv')).toBe("attachment; filename=\"100_.csv\"; filename*=UTF-8''100%25.csv");
    expect(attachmentDisposition('\u0000')).toBe("attachment; filename=\"fichier\"; filename*=UTF-8''fichier");
  });
});

describe('startsADownload: what a caller recording downloads reads, by the answer’s own rules', () => {
  const etagOf = async () => (await app.inject({ method: 'GET', url: '/files/cours.webm' })).headers.etag as string;

  it('agrees with the answer on every kind of request: true exactly when bytes are sent from 0, or a part without a current If-Range', async () => {
    const etag = await etagOf();
    const cases: Record<string, string>[] = [
      {},
      { range: 'bytes=0-' },
      { range: 'bytes=0-99' },
      { range: 'bytes=100-' },
      { range: 'bytes=-500' },
      { range: 'bytes=1-1,' }, // malformed: the whole file is sent
      { range: 'items=1-2' },
      { range: 'bytes=1-', 'if-range': '"stale"' }, // stale If-Range: the whole file
      { range: 'bytes=1-', 'if-range': etag }, // current: a resumption
      { range: 'bytes=5000-' }, // past the end: 416, nothing sent
      { 'if-none-match': etag }, // 304, nothing sent
    ];
    for (const headers of cases) {
      const answer = await app.inject({ method: 'GET', url: '/files/cours.webm', headers });
      const fromStart = answer.statusCode === 200 || (answer.statusCode === 206 && String(answer.headers['content-range']).startsWith('bytes 0-'));
      // A part asked with no If-Range resumes nothing the client is known to hold: a download of its own (curl -r 1-).
      const unvalidatedPart = answer.statusCode === 206 && headers['if-range'] === undefined;
      const said = (await app.inject({ method: 'GET', url: '/first/cours.webm', headers })).json<{ first: boolean }>().first;
      expect([headers, said]).toEqual([headers, fromStart || unvalidatedPart]);
    }
  });

  it('is false for a file that is not there', async () => {
    expect((await app.inject({ method: 'GET', url: '/first/absent.zip' })).json()).toEqual({ first: false });
  });
});
