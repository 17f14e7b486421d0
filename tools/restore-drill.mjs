#!/usr/bin/env node
// The restore drill (issue 32 item 5, docs/adr/0062), run by `npm test` after the build:
//   1. a throwaway embedded PostgreSQL, the built app on it with the demo centre seeded, a ledger
//      checkpoint written (the manifest must name it);
//   2. `npm run backup` while the app runs, then Léa's dossier de preuves (agile course) generated and
//      downloaded from the source: the « before » dossier, made from exactly what the backup holds;
//   3. the source stopped; `npm run restore -- --data-dir` into a fresh data folder and the new embedded
//      PostgreSQL it makes there (the embedded default's path);
//   4. against the restored copy only: eventlog:verify, projections:rebuild -- --check, xapi:verify,
//      evidence:verify-rows; the chain heads recomputed and compared with the backup's, stream by stream;
//   5. the app started on the copy (DATA_DIR alone), Léa's dossier generated again, and a ledger checkpoint written
//      (the next number, signed by the source's key, restored from the set): each data file of the ZIP
//      (donnees/*.json, documents/*.pdf) must have the SHA-256 of the « before » one. The transcript
//      (releve-de-formation.pdf / .xlsx) and manifest.json embed the generation time: compared by
//      their presence only.
// Exit 0 when all holds; 1 with a French message naming what differs.
//
//   node tools/restore-drill.mjs                          the drill
//   node tools/restore-drill.mjs --corrupt-after-restore  changes one event row of the copy before the
//                                                         checks: the drill must then fail (exit 1)
//   RESTORE_DRILL_KEEP=1 keeps the temporary folder for reading.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, startService } from '../bench/lib/processes.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = join(root, 'backend', 'dist');
const backendRequire = createRequire(join(root, 'backend', 'package.json'));
const pg = backendRequire('pg');
const yauzl = backendRequire('yauzl');

const LEA = { email: 'lea.dubois@demo.lms-formation.fr' };
const ADMIN = { email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' };
const COURSE = 'Piloter un projet avec la méthode agile';
/** Entries whose content embeds the generation time (docs/adr/0062): their presence is compared, not their bytes. */
const TIMED = /(^|\/)(manifest\.json|releve-de-formation\.(pdf|xlsx))$/;

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--corrupt-after-restore');
if (unknown.length) {
  console.error(`Argument inconnu : ${unknown.join(' ')} (seul --corrupt-after-restore est accepté).`);
  process.exit(2);
}
const corrupt = args.includes('--corrupt-after-restore');
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.versions.node} : l'application demande Node 24 ; lancez « npm run drill:restore » (Node 24 du projet).`);
  process.exit(2);
}

class DrillFailure extends Error {}
const cleanups = [];
const started = performance.now();
const step = (message) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${message}`);
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `node <dist script> args` with `env`; resolves with its code and output (also echoed, indented). */
function runCli(script, cliArgs, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(dist, script), ...cliArgs], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
      errors += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      for (const line of output.trimEnd().split('\n').slice(-8)) if (line) console.log(`    ${line}`);
      resolvePromise({ code: code ?? 1, output, firstError: errors.split('\n').find((l) => l.trim()) ?? '' });
    });
  });
}

async function call(baseUrl, method, path, token, body) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : method === 'POST' ? '{}' : undefined,
    signal: AbortSignal.timeout(120_000),
  });
  const buffer = Buffer.from(await res.arrayBuffer());
  if (res.status >= 300) throw new DrillFailure(`${method} ${path} : ${res.status} ${buffer.toString('utf8').slice(0, 300)}`);
  return buffer;
}

/** Every entry of a ZIP: name → SHA-256. */
function zipHashes(buffer) {
  return new Promise((resolvePromise, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const hashes = new Map();
      zip.on('entry', (entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const hash = createHash('sha256');
          stream.on('data', (d) => hash.update(d));
          stream.on('end', () => {
            hashes.set(entry.fileName, hash.digest('hex'));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolvePromise(hashes));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Waits until every subscription has read the whole log: the projections (the dossier's transcript is
 * read from them) and the policies, which append events of their own (the player's xAPI statements):
 * one still behind would move the log after the source's checkpoint and backup. The count is the
 * app's own (`subscriptionsBehind`, from the build).
 */
async function projectionsCaughtUp(url) {
  const { subscriptionsBehind } = await import(pathToFileURL(join(dist, 'platform/event-log/checkpoints.js')).href);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const behind = await subscriptionsBehind({ query: (text, params) => query(url, text, params) });
    if (behind === 0) return;
    if (Date.now() > deadline) throw new DrillFailure(`${behind} abonnement(s) (projections, politiques) encore en retard après 60 s.`);
    await sleep(250);
  }
}

/** The built app; `database` is a DATABASE_URL, or { embeddedPort } for the embedded PostgreSQL of `dataDir`. */
async function startApp(name, database, dataDir, seed, logFile) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO_DATA: seed ? 'true' : 'false', METRICS_PORT: '' };
  if (typeof database === 'string') env.DATABASE_URL = database;
  else {
    delete env.DATABASE_URL;
    env.EMBEDDED_DATABASE_PORT = String(database.embeddedPort);
  }
  const app = await startService({
    name,
    script: join(dist, 'main.js'),
    env,
    logFile,
    readyUrl: `${baseUrl}/api/health`,
  });
  cleanups.push(() => app.stop());
  return { app, baseUrl };
}

const adminToken = async (baseUrl) => JSON.parse((await call(baseUrl, 'POST', '/api/admin/token/', null, ADMIN)).toString('utf8')).access;

/** A ledger checkpoint written now by the demo admin (docs/adr/0038): { seq, key_id, created, … }. */
const writeCheckpoint = async (baseUrl) => JSON.parse((await call(baseUrl, 'POST', '/api/admin/ledger/checkpoints/', await adminToken(baseUrl))).toString('utf8'));

/** Léa's dossier for the agile course, generated by the demo admin and downloaded: entry → SHA-256. */
async function leaDossier(baseUrl, databaseUrl) {
  const [ids] = await query(
    databaseUrl,
    `select s.id as student, c.id as course from identity.student s join identity.account a on a.id = s.account_id, catalogue.course c
      where a.email = $1 and c.title = $2`,
    [LEA.email, COURSE],
  );
  if (!ids) throw new DrillFailure(`Léa (${LEA.email}) ou le cours « ${COURSE} » est introuvable.`);
  const admin = await adminToken(baseUrl);
  const dossier = JSON.parse((await call(baseUrl, 'POST', `/api/evidence/students/${ids.student}/courses/${ids.course}/dossier/`, admin)).toString('utf8'));
  const zip = await call(baseUrl, 'GET', dossier.download_url, admin);
  return zipHashes(zip);
}

function compareDossiers(before, after) {
  const problems = [];
  for (const [name, hash] of before) {
    if (!after.has(name)) problems.push(`${name} : absent du dossier régénéré`);
    else if (!TIMED.test(name) && after.get(name) !== hash) problems.push(`${name} : SHA-256 ${hash} avant, ${after.get(name)} après`);
  }
  for (const name of after.keys()) if (!before.has(name)) problems.push(`${name} : présent seulement dans le dossier régénéré`);
  return problems;
}

async function main() {
  if (!existsSync(join(dist, 'main.js'))) throw new DrillFailure('backend/dist/main.js est absent : lancez « npm run build ».');
  const { startEmbeddedPostgres } = await import(pathToFileURL(join(dist, 'platform/database/embedded-postgres.js')).href);
  const { chainHeads, headDifferences } = await import(pathToFileURL(join(dist, 'cli/backup/backup-set.js')).href);
  const tmp = mkdtempSync(join(os.tmpdir(), 'lms-restore-drill-'));
  chmodSync(tmp, 0o755);
  if (!process.env.RESTORE_DRILL_KEEP) cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
  else console.log(`Dossier de l'exercice conservé : ${tmp}`);

  step('Source : PostgreSQL embarqué jetable et application avec le centre de démonstration…');
  const source = await startEmbeddedPostgres({ dir: join(tmp, 'source-postgres'), port: await freePort(), database: 'lms' });
  cleanups.push(() => source.stop());
  const sourceData = join(tmp, 'source-data');
  const sourceApp = await startApp('application source', source.url, sourceData, true, join(tmp, 'source-app.log'));
  await projectionsCaughtUp(source.url);
  const checkpoint = await writeCheckpoint(sourceApp.baseUrl);
  console.log(`    Point de contrôle n° ${checkpoint.seq} du registre écrit (clé ${checkpoint.key_id.slice(0, 12)}…).`);

  step('Sauvegarde (npm run backup) pendant que l’application tourne…');
  const set = join(tmp, 'sauvegarde');
  const backup = await runCli('cli/backup.js', ['--out', set], { DATABASE_URL: source.url, DATA_DIR: sourceData });
  if (backup.code !== 0) throw new DrillFailure(`npm run backup a échoué (code ${backup.code}).`);
  const manifest = JSON.parse(readFileSync(join(set, 'manifest.json'), 'utf8'));
  const headsBefore = readFileSync(join(set, 'chain-heads.txt'), 'utf8').split('\n').filter(Boolean);
  const failures = [];
  if (manifest.latestCheckpoint?.seq !== checkpoint.seq) failures.push(`le manifeste nomme le point de contrôle ${manifest.latestCheckpoint?.seq ?? '(aucun)'}, la source en a écrit le n° ${checkpoint.seq}`);

  step('Dossier de preuves de Léa généré depuis la source (état de la sauvegarde)…');
  const before = await leaDossier(sourceApp.baseUrl, source.url);
  await sourceApp.app.stop();
  await source.stop();

  // The embedded default's own path: restore makes a new PostgreSQL in the data folder, the app then takes it with DATA_DIR alone.
  step('Restauration (npm run restore) dans un dossier de données neuf, base embarquée neuve…');
  const copyData = join(tmp, 'copie-data');
  const restore = await runCli('cli/restore.js', ['--from', set, '--data-dir', copyData], {});
  if (restore.code !== 0) throw new DrillFailure(`npm run restore a échoué (code ${restore.code}).`);
  const copyPort = await freePort();
  const copy = await startEmbeddedPostgres({ dir: join(copyData, 'postgres'), port: copyPort, database: 'lms' });
  cleanups.push(() => copy.stop());

  if (corrupt) {
    step('Variante de contrôle : une ligne du journal modifiée dans la copie restaurée.');
    await query(
      copy.url,
      `do $$ begin
         set local session_replication_role = replica;
         update eventlog.event set payload = payload || '{"altere": true}' where position = (select min(position) from eventlog.event where stream_type like 'identity%');
       end $$`,
    );
  }

  // New events on the copy must sort after the restored ones (ADR 0004): its counter was moved past theirs.
  const [counter] = await query(copy.url, `select pg_current_xact_id() > coalesce((select max(transaction_id) from eventlog.event), '0') as later`);
  if (!counter.later) failures.push('le compteur de transactions de la copie est en deçà des transactions restaurées');
  const env = { DATABASE_URL: copy.url, DATA_DIR: copyData };
  for (const [name, script, cliArgs] of [
    ['eventlog:verify', 'cli/eventlog-verify.js', []],
    ['projections:rebuild -- --check', 'cli/projections-rebuild.js', ['--check']],
    ['xapi:verify', 'cli/xapi-verify.js', []],
    ['evidence:verify-rows', 'cli/evidence-verify-rows.js', []],
  ]) {
    step(`${name} sur la copie restaurée…`);
    const result = await runCli(script, cliArgs, env);
    if (result.code !== 0) failures.push(`${name} échoue sur la copie restaurée (code ${result.code})${result.firstError ? ` : ${result.firstError.trim()}` : ''}`);
  }

  step('Têtes de chaîne de la copie comparées à celles de la sauvegarde…');
  const client = new pg.Client({ connectionString: copy.url });
  await client.connect();
  const headsAfter = await chainHeads(client).then((h) => h.heads).finally(() => client.end());
  const headProblems = headDifferences(headsBefore, headsAfter);
  if (headProblems.length) failures.push(`têtes de chaîne différentes :\n  ${headProblems.join('\n  ')}`);
  else console.log(`    ${headsAfter.length} flux, têtes identiques (${manifest.chainHeads.events} événements, empreinte ${manifest.chainHeads.digest}).`);

  step('Application démarrée sur la copie, dossier de Léa régénéré…');
  await copy.stop();
  const copyApp = await startApp('application restaurée', { embeddedPort: copyPort }, copyData, false, join(tmp, 'copie-app.log'));
  await projectionsCaughtUp(copy.url);
  const after = await leaDossier(copyApp.baseUrl, copy.url);
  // The copy goes on signing under the same key (restored from the set), after the restored checkpoints.
  // The dossier just generated may have written one already (when the log had moved since the source's
  // checkpoint, e.g. a job's event before the backup): what matters is that the copy's checkpoints follow
  // the restored one without a gap, each under the source's key, the restored one untouched.
  const next = await writeCheckpoint(copyApp.baseUrl);
  const copyCheckpoints = await query(copy.url, 'select seq, key_id, root from ledger.checkpoint where seq >= $1 order by seq', [checkpoint.seq]);
  const restored = copyCheckpoints.find((c) => c.seq === checkpoint.seq);
  const written = copyCheckpoints.filter((c) => c.seq > checkpoint.seq);
  if (!restored || restored.root !== checkpoint.root) failures.push(`le point de contrôle n° ${checkpoint.seq} de la copie n'est pas celui de la source`);
  if (next.key_id !== checkpoint.key_id || written.some((c) => c.key_id !== checkpoint.key_id)) failures.push(`la copie signe avec une autre clé (${next.key_id}) que la source (${checkpoint.key_id})`);
  else if (next.seq <= checkpoint.seq || written.some((c, i) => c.seq !== checkpoint.seq + 1 + i) || written.at(-1)?.seq !== next.seq)
    failures.push(`points de contrôle n° ${written.map((c) => c.seq).join(', ') || '(aucun)'} écrits sur la copie, une suite à partir du n° ${checkpoint.seq + 1} attendue`);
  else console.log(`    Point(s) de contrôle n° ${written.map((c) => c.seq).join(', ')} écrit(s) sur la copie avec la clé de la source, à la suite du n° ${checkpoint.seq}.`);
  await copyApp.app.stop();
  const dossierProblems = compareDossiers(before, after);
  const data = [...before.keys()].filter((n) => !TIMED.test(n));
  if (dossierProblems.length) failures.push(`dossier de Léa différent :\n  ${dossierProblems.join('\n  ')}`);
  else console.log(`    ${data.length} fichier(s) de données au même SHA-256 (${data.join(', ')}) ; horodatés, comparés par leur présence : ${[...before.keys()].filter((n) => TIMED.test(n)).join(', ')}.`);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failures.length) {
    console.error(`\nEXERCICE DE RESTAURATION EN ÉCHEC (${seconds} s) :\n- ${failures.join('\n- ')}`);
    return 1;
  }
  console.log(`\nExercice de restauration réussi en ${seconds} s : la copie restaurée est intacte et identique à la source.`);
  return 0;
}

let code;
try {
  code = await main();
} catch (error) {
  console.error(`\nEXERCICE DE RESTAURATION EN ÉCHEC : ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof DrillFailure) && error instanceof Error && !error.expected) console.error(error.stack);
  code = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
process.exit(code);
