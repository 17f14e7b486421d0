// npm run adl:balancer [-- --suite /tmp/lrs-suite --nodes 2]: the ADL LRS conformance suite through
// HAProxy (issue 32, « How it will be checked »; docs/xapi.md, docs/adr/0061). Starts the reference
// deployment (deploy/lib/cluster.mjs: one PostgreSQL, N nodes from backend/dist, HAProxy) in a
// folder of its own, makes an xAPI credential with every scope as the demo admin, runs the suite
// against the balancer's URL, then `xapi:verify` and `eventlog:verify` on the deployment's database,
// and stops everything. After `npm run build`; the suite is cloned and installed as docs/xapi.md says.
// Exit code: 0 when the suite has no failure and both verifications pass.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { haproxyCommand, projectRoot, startCluster } from './lib/cluster.mjs';

const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: process.env.LRS_SUITE ?? '/tmp/lrs-suite' },
    nodes: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
  },
});
const log = (m) => console.log(`[adl] ${m}`);
if (!existsSync(join(values.suite, 'bin/console_runner.js')) || !existsSync(join(values.suite, 'node_modules'))) {
  console.error(`La suite ADL est absente de ${values.suite} : voir docs/xapi.md (git clone https://github.com/adlnet/lrs-conformance-test-suite ${values.suite} && (cd ${values.suite} && npm install)).`);
  process.exit(2);
}
// The suite was written for an older Node (it has run on 20): a system one if there is one, else this one.
const suiteNode = process.env.LRS_SUITE_NODE ?? ['/usr/bin/node', '/usr/local/bin/node'].find((p) => existsSync(p)) ?? process.execPath;

/** Runs a command, its output passed through and kept; resolves with its exit code and output. */
function run(command, args, options = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => resolveRun({ code, output }));
  });
}

async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} : ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Requests served by each node, as HAProxy counts them (both backends). */
async function servedByNode(adminSocket) {
  const served = {};
  for (const line of (await haproxyCommand(adminSocket, 'show stat')).split('\n')) {
    const f = line.split(',');
    if ((f[0] === 'app' || f[0] === 'app_unready') && /^node\d+$/.test(f[1])) served[f[1]] = (served[f[1]] ?? 0) + Number(f[7]);
  }
  return served;
}

const root = mkdtempSync(join(os.tmpdir(), 'lms-adl-balancer-'));
let cluster;
let exitCode = 1;
try {
  cluster = await startCluster({ nodes: Number(values.nodes), root, log });
  log(`déploiement prêt derrière HAProxy : ${cluster.url} (${cluster.nodes.length} nœuds)`);
  const { access } = await json(`${cluster.url}/api/admin/token/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' }),
  });
  const credential = await json(`${cluster.url}/api/xapi-credentials`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ name: 'ADL (à travers le répartiteur)', scopes: ['all'] }),
  });
  const before = await servedByNode(cluster.adminSocket);
  const started = performance.now();
  log(`suite ADL (${values.suite}, ${suiteNode}) contre ${cluster.url}/api/xapi`);
  const suite = await run(suiteNode, ['bin/console_runner.js', '-e', `${cluster.url}/api/xapi`, '-a', '-u', credential.key, '-p', credential.secret, '-x', '1.0.3'], { cwd: values.suite });
  const seconds = Math.round((performance.now() - started) / 1000);
  const summaries = suite.output.match(/\{"total":\d+,"passed":\d+,"failed":\d+[^}]*\}/g) ?? [];
  const summary = summaries.length ? JSON.parse(summaries[summaries.length - 1]) : null;
  const after = await servedByNode(cluster.adminSocket);
  const served = Object.fromEntries(Object.keys(after).map((n) => [n, after[n] - (before[n] ?? 0)]));
  const dbEnv = { ...process.env, DATABASE_URL: cluster.database.url, DATA_DIR: cluster.nodes[0].dataDir };
  const xapi = await run(process.execPath, [join(projectRoot, 'backend/dist/cli/xapi-verify.js')], { cwd: join(projectRoot, 'backend'), env: dbEnv });
  const eventlog = await run(process.execPath, [join(projectRoot, 'backend/dist/cli/eventlog-verify.js')], { cwd: join(projectRoot, 'backend'), env: dbEnv });
  console.log(`\n[adl] Suite ADL à travers HAProxy (${cluster.nodes.length} nœuds, ${seconds} s) : ${summary ? `${summary.passed} réussis, ${summary.failed} échoués sur ${summary.total}` : 'résumé introuvable'} ; requêtes par nœud ${JSON.stringify(served)} ; xapi:verify ${xapi.code === 0 ? 'ok' : `code ${xapi.code}`} ; eventlog:verify ${eventlog.code === 0 ? 'ok' : `code ${eventlog.code}`}.`);
  exitCode = summary && summary.failed === 0 && summary.total > 0 && xapi.code === 0 && eventlog.code === 0 ? 0 : 1;
} catch (error) {
  console.error(`[adl] Échec : ${error?.stack ?? error}`);
} finally {
  await cluster?.stop();
  if (!values.keep) rmSync(root, { recursive: true, force: true });
}
process.exit(exitCode);
