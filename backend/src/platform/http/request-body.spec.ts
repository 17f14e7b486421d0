import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { eventually } from '../testing/eventually.js';
import { ErrorFilter } from './error.filter.js';
import { registerRequestBody } from './request-body.js';
import { UploadedFile } from './uploaded-file.js';

const KIB = 1024;
let app: FastifyInstance;
let directory: string;
let kept: string;
/** What the last handler saw. */
let seen: Record<string, unknown>;
let seenTemporaryFile: string | undefined;
let seenOnDisk: Buffer | undefined;

beforeEach(async () => {
  const root = mkdtempSync(join(tmpdir(), 'lms-body-'));
  directory = join(root, 'tmp', 'uploads');
  kept = join(root, 'kept');
  app = Fastify();
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = new ErrorFilter().toResponse(error, request);
    void reply.status(status).send(body);
  });
  await registerRequestBody(app, { fileSize: 2 * KIB, files: 5, fields: 50, fieldSize: 100_000 }, { directory, maxBytes: { video: 64 * KIB, upload: 8 * KIB } });
  app.post('/echo', async (request) => {
    seen = request.body as Record<string, unknown>;
    const video = seen.video;
    seenTemporaryFile = video instanceof UploadedFile ? video.path : undefined;
    seenOnDisk = seenTemporaryFile ? readFileSync(seenTemporaryFile) : undefined;
    return { ok: true };
  });
  app.patch('/echo', async (request) => {
    seen = request.body as Record<string, unknown>;
    return { ok: true };
  });
  app.post('/keep', async (request) => {
    const video = (request.body as { video: UploadedFile }).video;
    renameSync(video.path, kept);
    return { ok: true };
  });
  await app.ready();
});
afterEach(() => app.close());

function form(fields: Record<string, string | [Buffer, string, string?]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value[0])], { type: value[2] ?? 'application/octet-stream' }), value[1]);
  }
  return data;
}
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));
const post = (url: string, payload: FormData) => app.inject({ method: 'POST', url, payload });
const temporaryFiles = () => (existsSync(directory) ? readdirSync(directory) : []);
/** The temporary files are removed in onResponse, which runs just after the answer has gone. */
const noTemporaryFileLeft = () => eventually(async () => expect(temporaryFiles()).toEqual([]), 10_000);

describe('registerRequestBody: multipart bodies', () => {
  it('keeps small files (images) as Buffers and text as text', async () => {
    const response = await post('/echo', form({ title: 'Chapitre 1', featured_img: [bytes(1500), 'photo.png', 'image/png'] }));
    expect(response.statusCode).toBe(200);
    expect(seen.title).toBe('Chapitre 1');
    expect(Buffer.isBuffer(seen.featured_img)).toBe(true);
    expect((seen.featured_img as Buffer).equals(bytes(1500))).toBe(true);
  });

  it('refuses a small file over its limit with a French 413 naming it', async () => {
    const response = await post('/echo', form({ featured_img: [bytes(2 * KIB + 1), 'photo.png'] }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      message: 'Le fichier « featured_img » dépasse la taille maximale autorisée (2 Ko).',
      errors: { featured_img: ['Le fichier « featured_img » dépasse la taille maximale autorisée (2 Ko).'] },
    });
  });

  it('streams a large field to a temporary file and gives the handler an UploadedFile', async () => {
    const content = bytes(40 * KIB);
    const response = await post('/echo', form({ title: 'Vidéo', video: [content, '../../C:\\dossier\\ma vidéo\u202e.webm', 'Video/WebM; codecs=vp9'] }));
    expect(response.statusCode).toBe(200);
    const video = seen.video as UploadedFile;
    expect(video).toBeInstanceOf(UploadedFile);
    expect(video.size).toBe(40 * KIB);
    expect(video.filename).toBe('ma vidéo.webm');
    expect(video.mimetype).toBe('video/webm');
    expect(video.head.equals(content.subarray(0, 4100))).toBe(true);
    expect(video.path.startsWith(directory)).toBe(true);
    expect(seenOnDisk?.equals(content)).toBe(true);
    expect(seen.title).toBe('Vidéo');
  });

  it('removes the temporary file once the response is sent', async () => {
    await post('/echo', form({ video: [bytes(10 * KIB), 'v.webm'] }));
    expect(seenTemporaryFile).toBeDefined();
    await noTemporaryFileLeft();
    expect(existsSync(seenTemporaryFile!)).toBe(false);
  });

  it('leaves a file the handler moved into storage where it was moved', async () => {
    const content = bytes(20 * KIB);
    expect((await post('/keep', form({ video: [content, 'v.mp4'] }))).statusCode).toBe(200);
    expect(readFileSync(kept).equals(content)).toBe(true);
    await noTemporaryFileLeft();
  });

  it('refuses a large field over its limit with a 413 naming the limit, closes the connection, and removes the partial file', async () => {
    const response = await post('/echo', form({ video: [bytes(64 * KIB + 1), 'v.webm'] }));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Le fichier « video » dépasse la taille maximale autorisée (64 Ko).');
    expect(response.headers.connection).toBe('close');
    await noTemporaryFileLeft();
    const document = await post('/echo', form({ title: 'Cours', upload: [bytes(9 * KIB), 'cours.pdf'] }));
    expect(document.statusCode).toBe(413);
    expect(document.json().message).toContain('(8 Ko)');
    await noTemporaryFileLeft();
  });

  it('accepts a large field of exactly its limit', async () => {
    expect((await post('/echo', form({ video: [bytes(64 * KIB), 'v.webm'] }))).statusCode).toBe(200);
    expect((seen.video as UploadedFile).size).toBe(64 * KIB);
  });

  it('takes an empty file input for no file', async () => {
    const response = await post('/echo', form({ title: 'Sans vidéo', video: [Buffer.alloc(0), ''] }));
    expect(response.statusCode).toBe(200);
    expect('video' in seen).toBe(false);
    await noTemporaryFileLeft();
  });

  it('still refuses a forbidden character in a text field sent after a streamed file, and removes the file', async () => {
    const response = await post('/echo', form({ video: [bytes(10 * KIB), 'v.webm'], title: 'Léa\u0000Dubois' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('title');
    await noTemporaryFileLeft();
  });

  it('refuses a cut multipart body with the French 400, leaving no file', async () => {
    const boundary = '----coupe';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n`;
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), bytes(5 * KIB)]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Le formulaire envoyé est mal formé ou incomplet.');
    await noTemporaryFileLeft();
  });

  it('removes the partial file when the client goes away mid-upload', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const boundary = '----abandon';
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${60 * KIB}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="v.webm"\r\n\r\n`,
    );
    socket.write(bytes(20 * KIB));
    await eventually(async () => expect(temporaryFiles()).toHaveLength(1), 10_000);
    socket.destroy();
    await noTemporaryFileLeft();
  });
});

describe('registerRequestBody: null in a JSON body', () => {
  it('is a field left out on POST, nested objects included (a null item of a list stays a value)', async () => {
    const payload = { chapter: null, subchapter: 4, user: { username: null, email: 'a@b.fr' }, beats: [{ seq: 1, last_input_at: null }], played: [[0, null]] };
    expect((await app.inject({ method: 'POST', url: '/echo', payload })).statusCode).toBe(200);
    expect(seen).toEqual({ subchapter: 4, user: { email: 'a@b.fr' }, beats: [{ seq: 1 }], played: [[0, null]] });
  });

  it('is kept on PATCH and PUT, where it clears an optional field', async () => {
    expect((await app.inject({ method: 'PATCH', url: '/echo', payload: { telephone: null, nom: 'Dubois' } })).statusCode).toBe(200);
    expect(seen).toEqual({ telephone: null, nom: 'Dubois' });
  });
});
