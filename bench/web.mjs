// Front-end delivery benchmark: what a first visit of three public pages costs in Chromium, cold
// cache, beside the size of every chunk of the build. See bench/README.md, "Front end".
//
//   npm run build && npm run bench:web            (starts the production build, like the e2e tests)
//   BENCH_WEB_URL=http://127.0.0.1:3000 npm run bench:web     (measures a server already running)
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { projectRoot } from './lib/deps.mjs';
import { freePort, startService } from './lib/processes.mjs';
import { markdownTable } from './lib/report.mjs';

const failure = (message) => Object.assign(new Error(message), { expected: true });
const resultsDir = join(projectRoot, 'bench/results');
const distDir = join(projectRoot, 'frontend/dist');
const appMain = join(projectRoot, 'backend/dist/main.js');

const RUNS = Number(process.env.BENCH_WEB_RUNS || 5);
/** Lighthouse's mobile profile slows the CPU 4× besides the network (1 = not slowed). */
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU || 4);

/** Lighthouse's mobile network (slow 4G): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const NETWORKS = {
  slow4g: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  none: null,
};
const networkName = process.env.BENCH_WEB_NETWORK || 'slow4g';

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const cleanups = [];
async function cleanup() {
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error(`Nettoyage : ${error?.message ?? error}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

/** The production build on a fresh embedded PostgreSQL with the demo centre, as e2e/ runs it. */
async function startApp() {
  if (!existsSync(appMain)) throw failure('backend/dist/main.js est absent : lancez d\'abord « npm run build ».');
  const tmp = mkdtempSync(join(os.tmpdir(), 'lms-bench-web-'));
  // As root, the embedded PostgreSQL runs as the 'postgres' user, which must be able to enter it.
  chmodSync(tmp, 0o755);
  cleanups.push(() => rmSync(tmp, { recursive: true, force: true }));
  mkdirSync(resultsDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  console.log(`Application (backend/dist/main.js) sur ${url}, PostgreSQL embarqué dans ${tmp}…`);
  const app = await startService({
    name: 'application',
    script: appMain,
    logFile: join(resultsDir, 'web-app.log'),
    readyUrl: `${url}/api/health`,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tmp,
      EMBEDDED_DATABASE_PORT: String(await freePort()),
      SEED_DEMO_DATA: 'true',
    },
  });
  cleanups.push(() => app.stop());
  return url;
}

/** Registered before any script of the page: CLS as web-vitals counts it (largest session window), LCP. */
function observeVitals() {
  const vitals = { cls: 0, lcp: null, lcpElement: null, shifts: [] };
  window.__vitals = vitals;
  let session = 0;
  let first = 0;
  let last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (session && entry.startTime - last < 1000 && entry.startTime - first < 5000) {
        session += entry.value;
      } else {
        session = entry.value;
        first = entry.startTime;
      }
      last = entry.startTime;
      vitals.cls = Math.max(vitals.cls, session);
      const node = entry.sources?.[0]?.node;
      vitals.shifts.push({ at: Math.round(entry.startTime), value: entry.value, node: node ? `${node.nodeName}.${node.className ?? ''}` : '?' });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const entry = list.getEntries().at(-1);
    vitals.lcp = entry.startTime;
    vitals.lcpElement = entry.element ? `${entry.element.nodeName}.${entry.element.className ?? ''}` : entry.url;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** One cold visit: a new context (empty cache), the network throttled, settled, then measured. */
async function visit(browser, url, viewport) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR' });
  try {
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (NETWORKS[networkName]) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORKS[networkName]);
    }
    if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    await page.waitForTimeout(1000);
    return await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource').map((r) => ({
        url: r.name,
        encoded: r.encodedBodySize,
        decoded: r.decodedBodySize,
      }));
      return { ...window.__vitals, resources };
    });
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes) => (bytes === null || bytes === undefined ? '–' : (bytes / 1024).toFixed(1));
const kind = (url) => (/\.js(\?|$)/.test(url) ? 'js' : /\.css(\?|$)/.test(url) ? 'css' : null);

/** Raw, gzip and brotli size of every JS and CSS file of the build (its .gz/.br when built). */
function bundleSizes() {
  const assets = join(distDir, 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((file) => kind(file))
    .map((file) => {
      const path = join(assets, file);
      const raw = readFileSync(path);
      const size = (ext, compress) => (existsSync(path + ext) ? statSync(path + ext).size : compress(raw).length);
      return {
        file,
        raw: raw.length,
        gzip: size('.gz', (b) => gzipSync(b, { level: 9 })),
        brotli: size('.br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
        prebuilt: existsSync(path + '.gz') && existsSync(path + '.br'),
      };
    })
    .sort((a, b) => b.raw - a.raw);
}

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 15) throw failure('BENCH_WEB_RUNS doit être un entier entre 1 et 15.');
  if (!(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 20)) throw failure('BENCH_WEB_CPU doit être un nombre entre 1 et 20.');
  if (!(networkName in NETWORKS)) throw failure(`BENCH_WEB_NETWORK doit valoir ${Object.keys(NETWORKS).join(' ou ')}.`);
  const baseUrl = process.env.BENCH_WEB_URL?.replace(/\/$/, '') || (await startApp());
  const courses = await (await fetch(`${baseUrl}/api/course/?page=1`)).json();
  const courseId = courses.results?.[0]?.id;
  if (!courseId) throw failure(`Aucun cours sur ${baseUrl}/api/course/ : il faut le centre de démonstration.`);
  const pages = ['/', '/all-courses', `/detail/${courseId}`];
  const bundle = bundleSizes();
  const gzipOf = new Map(bundle.map((b) => [b.file, b.gzip]));

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  console.log(`${RUNS} visite(s) à froid par page et par largeur, réseau ${networkName}, processeur ralenti ${CPU_SLOWDOWN}×, médiane retenue.\n`);

  const measured = [];
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const path of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, baseUrl + path, viewport));
      const sum = (run, type, field) => run.resources.filter((r) => kind(r.url) === type).reduce((total, r) => total + r[field], 0);
      const files = (type) => runs[0].resources.filter((r) => kind(r.url) === type).map((r) => basename(new URL(r.url).pathname));
      const scripts = files('js');
      const gzipKnown = scripts.every((file) => gzipOf.has(file));
      const row = {
        viewport: viewportName,
        path,
        jsTransferred: median(runs.map((run) => sum(run, 'js', 'encoded'))),
        jsDecoded: median(runs.map((run) => sum(run, 'js', 'decoded'))),
        jsGzip: gzipKnown ? scripts.reduce((total, file) => total + gzipOf.get(file), 0) : null,
        cssTransferred: median(runs.map((run) => sum(run, 'css', 'encoded'))),
        scripts,
        styles: files('css'),
        cls: median(runs.map((run) => run.cls)),
        lcp: median(runs.map((run) => run.lcp ?? NaN)),
        lcpElement: runs.at(-1).lcpElement,
        shifts: runs.at(-1).shifts,
      };
      measured.push(row);
      console.log(`  ${viewportName.padEnd(8)} ${path.padEnd(14)} JS ${kb(row.jsTransferred)} KB transférés, CLS ${row.cls.toFixed(3)}, LCP ${Math.round(row.lcp)} ms (${row.lcpElement})`);
    }
  }

  console.log(`\nPremière visite (médiane de ${RUNS}, cache vide, réseau ${networkName}, processeur ${CPU_SLOWDOWN}×) :\n`);
  console.log(
    markdownTable(
      ['page', 'width', 'JS sent KB', 'JS gzip KB', 'JS raw KB', 'CSS sent KB', 'JS files', 'CLS', 'LCP ms'],
      measured.map((r) => [r.path, r.viewport, kb(r.jsTransferred), kb(r.jsGzip), kb(r.jsDecoded), kb(r.cssTransferred), String(r.scripts.length), r.cls.toFixed(3), String(Math.round(r.lcp))]),
    ),
  );
  const loadedBy = (file) => pages.filter((path) => measured.some((r) => r.path === path && [...r.scripts, ...r.styles].includes(file)));
  console.log(`\nFichiers de frontend/dist/assets${bundle.some((b) => !b.prebuilt) ? ' (gzip/brotli calculés ici quand le build n\'en a pas)' : ''} :\n`);
  console.log(
    markdownTable(
      ['file', 'raw KB', 'gzip KB', 'brotli KB', 'loaded by'],
      bundle.map((b) => [b.file, kb(b.raw), kb(b.gzip), kb(b.brotli), loadedBy(b.file).join(' ') || '–']),
    ),
  );
  const out = join(resultsDir, 'web.json');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(out, JSON.stringify({ finishedAt: new Date().toISOString(), baseUrl, runs: RUNS, network: networkName, cpuSlowdown: CPU_SLOWDOWN, pages: measured, bundle }, null, 2) + '\n');
  console.log(`\nRésultats : ${out}`);
}

let exitCode = 0;
try {
  await main();
} catch (error) {
  console.error(`\nÉchec du benchmark : ${error?.expected || !error?.stack ? (error?.message ?? error) : error.stack}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
