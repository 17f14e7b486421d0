// The server of bench/upload-memory.mjs: a bare Fastify (the backend's own copy) with the app's
// real request step (backend/dist/platform/http/request-body.js: multipart parsing, large fields
// streamed to disk, input hygiene) and its real storage (LocalDiskStorage.putFile). Two routes:
//   POST /upload  multipart with a `video` field → UploadedFile → storage.putFile('videos', …)
//   POST /raw     the baseline: the raw request body piped to a file, no multipart, no hook work
// plus GET /health. Settings come from the environment (BENCH_UPLOAD_DIR, PORT).
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { fastify as createFastify, projectRoot } from './lib/deps.mjs';

const dist = (path) => import(pathToFileURL(join(projectRoot, 'backend/dist', path)).href);
const { registerRequestBody } = await dist('platform/http/request-body.js');
const { LocalDiskStorage } = await dist('platform/storage/media-storage.js');

const dataDir = process.env.BENCH_UPLOAD_DIR;
if (!dataDir) throw new Error('BENCH_UPLOAD_DIR manquant.');
const GIB = 1024 ** 3;
const storage = new LocalDiskStorage(join(dataDir, 'media'));

const app = createFastify({ bodyLimit: 1024 * 1024 });
// The same limits as create-app.ts with the configuration's defaults.
await registerRequestBody(
  app,
  { fileSize: 5 * 1024 * 1024, files: 5, fields: 50, fieldSize: 100_000 },
  { directory: join(dataDir, 'tmp', 'uploads'), maxBytes: { video: 2 * GIB, scorm_file: GIB, upload: 100 * 1024 * 1024 } },
);

app.get('/health', async () => ({ status: 'ok' }));

app.post('/upload', async (request, reply) => {
  const video = request.body?.video;
  if (!video?.path) return reply.code(400).send({ message: 'Champ « video » manquant.' });
  const publicPath = await storage.putFile('videos', 'webm', video.path);
  const size = video.size;
  // The bench sends gigabytes per run: the stored copy goes at once.
  await storage.remove(publicPath);
  return { size, head: video.head.length };
});

app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null, undefined));
app.post('/raw', async (request) => {
  const file = join(dataDir, 'raw.bin');
  await pipeline(request.raw, createWriteStream(file));
  await rm(file, { force: true });
  return { ok: true };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void app.close().finally(() => process.exit(0)));
