// Upload memory benchmark: a 1 GiB video sent as multipart to the app's real request step must
// not grow the server's memory by more than 64 MB (streamed to disk, never buffered).
//
//   npm run bench:upload-memory          (after npm run build; Node >= 24.9; Linux: RSS from /proc)
//   BENCH_UPLOAD_BYTES=268435456 npm run bench:upload-memory
//
// The server (bench/upload-memory-server.mjs) runs as a child process; this process generates the
// multipart body on the fly (a generator over one reused 1 MiB block: nothing is held either side)
// and samples the child's VmRSS in /proc every 20 ms. Reported: the RSS idle and after a warm-up
// (128 MiB per route), the peak during the upload, the peak's increase over the warmed state (PASS
// below 64 MB, exit code 1 otherwise), and the upload rate against a baseline route on the same
// server that pipes the raw body to a file. See bench/README.md, "Upload memory".
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { projectRoot } from './lib/deps.mjs';
import { freePort, startService } from './lib/processes.mjs';

const MIB = 1024 * 1024;
const LIMIT_BYTES = 64 * MIB;
const resultsDir = join(projectRoot, 'bench/results');
const env = process.env;

{
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 24 || (major === 24 && minor < 9)) {
    console.error(`Node ${process.versions.node} : il faut Node >= 24.9. Lancez « npm run bench:upload-memory ».`);
    process.exit(1);
  }
}

const uploadBytes = Number(env.BENCH_UPLOAD_BYTES ?? 1024 * MIB);
if (!Number.isSafeInteger(uploadBytes) || uploadBytes < MIB || uploadBytes > 2 * 1024 * MIB) {
  console.error(`BENCH_UPLOAD_BYTES doit être un entier entre ${MIB} et ${2 * 1024 * MIB} (reçu « ${env.BENCH_UPLOAD_BYTES} »).`);
  process.exit(1);
}

/** The server's resident memory in bytes (VmRSS), or null off Linux. */
function rssOf(pid) {
  try {
    const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : null;
  } catch {
    return null;
  }
}

const BLOCK = randomBytes(MIB);

/** `total` bytes of file content, one reused block at a time. */
async function* fileContent(total) {
  for (let sent = 0; sent < total; sent += BLOCK.length) yield total - sent >= BLOCK.length ? BLOCK : BLOCK.subarray(0, total - sent);
}

/** A multipart body with a `title` field and a `video` file of `size` bytes, generated as it is sent. */
function multipartBody(size) {
  const boundary = `----lms-bench-${randomBytes(12).toString('hex')}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nDémonstration\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="démo.webm"\r\nContent-Type: video/webm\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield preamble;
    yield* fileContent(size);
    yield epilogue;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length: preamble.length + size + epilogue.length, stream: Readable.from(body(), { objectMode: false }) };
}

/** POSTs a streamed body; resolves with the status, the answer and the seconds it took. */
function post(port, path, { contentType, length, stream }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': contentType, 'content-length': length } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, text, seconds: (performance.now() - started) / 1000 }));
    });
    request.on('error', reject);
    stream.on('error', reject);
    stream.pipe(request);
  });
}

/** Runs `upload` while sampling the server's RSS; returns the upload's result and the peak RSS. */
async function sampled(pid, upload) {
  let peak = rssOf(pid) ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid) ?? 0)), 20);
  try {
    const result = await upload();
    peak = Math.max(peak, rssOf(pid) ?? 0);
    return { ...result, peak };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes) => (bytes / MIB).toFixed(1);

async function main() {
  if (!existsSync(join(projectRoot, 'backend/dist/platform/http/request-body.js'))) {
    throw new Error('backend/dist est absent ou ancien : lancez d\'abord « npm run build » (ou « npm run build -w backend »).');
  }
  mkdirSync(resultsDir, { recursive: true });
  const tmp = mkdtempSync(join(os.tmpdir(), 'lms-bench-upload-'));
  const port = await freePort();
  const server = await startService({
    name: 'serveur d\'envoi',
    script: join(projectRoot, 'bench/upload-memory-server.mjs'),
    env: { ...env, NODE_ENV: 'production', PORT: String(port), BENCH_UPLOAD_DIR: tmp },
    logFile: join(resultsDir, 'upload-memory-server.log'),
    readyUrl: `http://127.0.0.1:${port}/health`,
  }).catch((error) => {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  });
  const stop = async () => {
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stop().finally(() => process.exit(130)));
  try {
    const idle = rssOf(server.pid);
    if (idle === null) throw new Error('Mémoire du serveur illisible (/proc/<pid>/status) : ce banc ne tourne que sous Linux.');
    // Warm-up: 128 MiB through each route. Streaming leaves garbage Buffers (the socket's 64 KiB
    // reads) that V8 collects only once about 64 MB of them have piled up (its external-memory
    // limit): the raw baseline grows as much. After the warm-up the process is at that steady
    // state, so what the measured upload adds on top is what it holds.
    const warmBytes = Math.min(uploadBytes, 128 * MIB);
    for (const path of ['/upload', '/raw']) {
      const warm = path === '/upload' ? multipartBody(warmBytes) : { contentType: 'application/octet-stream', length: warmBytes, stream: Readable.from(fileContent(warmBytes)) };
      const { status, text } = await post(port, path, warm);
      if (status !== 200) throw new Error(`Chauffe ${path} : ${status} ${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = rssOf(server.pid);
    console.log(`Envoi multipart de ${mb(uploadBytes)} Mo (champ « video ») vers registerRequestBody + LocalDiskStorage.putFile…`);
    const app = await sampled(server.pid, () => post(port, '/upload', multipartBody(uploadBytes)));
    if (app.status !== 200 || JSON.parse(app.text).size !== uploadBytes) throw new Error(`Envoi refusé : ${app.status} ${app.text.slice(0, 200)}`);
    console.log(`Référence : le même volume en application/octet-stream copié tel quel dans un fichier…`);
    const baseline = await sampled(server.pid, () => post(port, '/raw', { contentType: 'application/octet-stream', length: uploadBytes, stream: Readable.from(fileContent(uploadBytes)) }));
    if (baseline.status !== 200) throw new Error(`Référence refusée : ${baseline.status} ${baseline.text.slice(0, 200)}`);

    const increase = app.peak - before;
    const pass = increase < LIMIT_BYTES;
    const rate = (r) => uploadBytes / MIB / r.seconds;
    console.log('');
    console.log(`| mesure | app (multipart → disque) | référence (corps brut → disque) |`);
    console.log(`|---|---:|---:|`);
    console.log(`| RSS au repos (démarrage) | ${mb(idle)} Mo | |`);
    console.log(`| RSS après la chauffe (${mb(warmBytes)} Mo par route) | ${mb(before)} Mo | |`);
    console.log(`| RSS au plus haut pendant l'envoi | ${mb(app.peak)} Mo | ${mb(baseline.peak)} Mo |`);
    console.log(`| hausse au plus haut depuis la chauffe | **${mb(increase)} Mo** | ${mb(baseline.peak - before)} Mo |`);
    console.log(`| hausse au plus haut depuis le repos | ${mb(app.peak - idle)} Mo | ${mb(baseline.peak - idle)} Mo |`);
    console.log(`| débit | ${rate(app).toFixed(0)} Mo/s | ${rate(baseline).toFixed(0)} Mo/s (app/réf. ${(rate(app) / rate(baseline)).toFixed(2)}) |`);
    console.log('');
    console.log(`${pass ? 'PASS' : 'FAIL'} : hausse de la mémoire du serveur ${mb(increase)} Mo pour ${mb(uploadBytes)} Mo envoyés (limite ${mb(LIMIT_BYTES)} Mo).`);
    const report = {
      finishedAt: new Date().toISOString(),
      node: process.versions.node,
      machine: { cpus: os.cpus().length, totalMemoryMiB: Math.round(os.totalmem() / MIB), loadAverage1m: os.loadavg()[0] },
      uploadBytes,
      limitBytes: LIMIT_BYTES,
      rssIdleBytes: idle,
      rssAfterWarmupBytes: before,
      warmupBytesPerRoute: warmBytes,
      app: { peakRssBytes: app.peak, increaseBytes: increase, increaseFromIdleBytes: app.peak - idle, seconds: app.seconds, mibPerSecond: rate(app) },
      baseline: { peakRssBytes: baseline.peak, increaseBytes: baseline.peak - before, increaseFromIdleBytes: baseline.peak - idle, seconds: baseline.seconds, mibPerSecond: rate(baseline) },
      pass,
    };
    writeFileSync(join(resultsDir, 'upload-memory.json'), JSON.stringify(report, null, 2) + '\n');
    return pass;
  } finally {
    await stop();
  }
}

let exitCode = 0;
try {
  if (!(await main())) exitCode = 1;
} catch (error) {
  console.error(`\nÉchec du banc d'envoi : ${error?.message ?? error}`);
  exitCode = 1;
}
process.exit(exitCode);
