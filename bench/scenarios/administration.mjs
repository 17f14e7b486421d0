// Administration scenarios (issue 13): the progress list searched over 10,000 students (≥ 0.6× the
// baseline), then the 10,000-student Excel export (≤ 10 s, server memory rising ≤ 256 MB) while
// the list keeps answering. The students are made once, in plain SQL (the app's generator).
import { readFileSync } from 'node:fs';

const DEMO_ADMIN = { email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' };
const STUDENTS = 10_000;
const PREFIX = 'bench';

function ok(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} refusé : ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

let world;
async function benchWorld(appHttp, baselineHttp) {
  if (world) return world;
  const admin = ok(await appHttp.postJson('/api/admin/token/', DEMO_ADMIN), 'connexion administrateur');
  const courses = ok(await appHttp.get('/api/courses/all/', admin.access), 'cours');
  const courseIds = courses.slice(0, 3).map((c) => c.id);
  ok(await baselineHttp.postJson('/bench/generate-students', { count: STUDENTS, prefix: PREFIX, courseIds }), 'génération des étudiants');
  world = { adminId: admin.admin_id, appToken: admin.access };
  return world;
}

async function setup({ side, http, appHttp, baselineHttp }) {
  const made = await benchWorld(appHttp, baselineHttp);
  const token = side === 'app' ? made.appToken : ok(await http.postJson('/bench/admin-token', { email: DEMO_ADMIN.email }), 'jeton de référence').access;
  return { ...made, token };
}

/** Each connection its own search: a name fragment (several matches), an e-mail, a date range, the whole list. */
function pathOf(index) {
  switch (index % 4) {
    case 0:
      return `/api/admin/students/progress/?search=${PREFIX}-${(index * 37) % 999 + 1}&page=1&page_size=5`;
    case 1:
      return `/api/admin/students/progress/?search=${PREFIX}-${(index * 53) % 9999 + 1}%40masse&page=1&page_size=5`;
    case 2:
      return `/api/admin/students/progress/?search=apprenant&start_date=2026-03-01&end_date=2026-04-30&page=${index + 1}&page_size=5`;
    default:
      return `/api/admin/students/progress/?page=${index + 1}&page_size=5`;
  }
}

const listRequest = {
  method: 'GET',
  path: '/api/admin/students/progress/',
  perConnection: (state, index) => ({ path: pathOf(index), headers: () => ({ authorization: `Bearer ${state.token}` }) }),
};

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The 10,000-student export: time, the app's RSS rise (sampled every 20 ms), and the list's latency meanwhile. */
async function measureExport({ appUrl, appPid, appHttp, baselineHttp }) {
  const made = await benchWorld(appHttp, baselineHttp);
  const url = `${appUrl}/api/admin/exports/progress/?search=${PREFIX}-`;
  const headers = { authorization: `Bearer ${made.appToken}` };
  // A first export warms the code paths; the second is measured.
  await (await fetch(url, { headers })).arrayBuffer();
  const baseline = rssOf(appPid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(appPid));
  }, 20);
  let exporting = true;
  const latencies = [];
  const listing = (async () => {
    for (let i = 0; exporting; i++) {
      const started = performance.now();
      const response = await fetch(`${appUrl}${pathOf(i)}`, { headers });
      await response.text();
      latencies.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const response = await fetch(url, { headers });
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  exporting = false;
  await listing;
  clearInterval(sampler);
  const rows = Number(response.headers.get('x-export-rows'));
  const riseMiB = (peak - baseline) / 2 ** 20;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? null;
  const pass = rows >= STUDENTS && seconds <= 10 && riseMiB <= 256;
  return {
    pass,
    lines: [
      `Export Excel de ${rows} étudiants : ${seconds.toFixed(2)} s, ${(bytes / 2 ** 20).toFixed(2)} Mio, mémoire du serveur +${riseMiB.toFixed(1)} Mio (pic ${(peak / 2 ** 20).toFixed(0)} Mio) : ${pass ? 'PASS' : 'FAIL'} (≤ 10 s, ≤ 256 Mio)`,
      `  Pendant l'export, la liste de progression a répondu ${latencies.length} fois (p50 ${latencies[Math.floor(latencies.length / 2)]?.toFixed(1)} ms, p99 ${p99?.toFixed(1)} ms).`,
    ],
    result: { rows, seconds, bytes, rssRiseMiB: riseMiB, rssPeakMiB: peak / 2 ** 20, listDuringExport: { requests: latencies.length, p99Ms: p99 } },
  };
}

export const scenarios = [
  {
    name: 'admin progress',
    description:
      'GET /api/admin/students/progress/ over 10,000 generated students (searches on name and e-mail, a date range, whole-list pages; 5 per page): token check, then one SELECT (trigram-indexed search_text, windowed count, enrolments, course titles and live steps, the learning-progress projections).',
    connections: 10,
    setup,
    app: listRequest,
    baseline: listRequest,
    check: (status, body) => status === 200 && body.includes('"results"'),
  },
];

// The student list of /admin-users: the spec's client pages the whole list in the browser, so the
// server answers every open record at once (10,000 here).
const fullListRequest = {
  method: 'GET',
  path: '/api/admin/students/full-data/',
  perConnection: (state) => ({ path: '/api/admin/students/full-data/', headers: () => ({ authorization: `Bearer ${state.token}` }) }),
};
scenarios.push({
  name: 'admin student list',
  description:
    'GET /api/admin/students/full-data/ with 10,000 open students (the records /admin-users pages in the browser): token check, then one SELECT of the records with their accounts, mapped to the answer.',
  connections: 2,
  setup,
  app: fullListRequest,
  baseline: fullListRequest,
  check: (status, body) => status === 200 && body.startsWith('[') && body.includes('"nom_utilisateur_lms"'),
});

export const measurements = [{ name: 'admin export', run: measureExport }];
