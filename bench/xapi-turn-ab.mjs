// Interleaved A/B of two ways to store a batch of 100 under the statement writers' turn (issue 31,
// docs/adr/0024, amendment of 2026-11-27 night), in one process on one database, so that both
// see the same load: OLD = the turn, the statements and their definitions in one statement, then
// EventLog.appendMany (two round trips under the turn, the app before that amendment); NEW = the
// events chained before the turn and inserted by the same statement (turnAndInsertSql with
// EventLog.prepareNewStreams: one round trip, the app now). 4 writers, rounds of 10 s alternated, statements/s per round.
//   node bench/xapi-turn-ab.mjs <DATA_DIR>/postgres <free port> [pairs=3]
// on the embedded database of an app that has run (its migrations applied) and is stopped;
// the statements it stores stay there (ids random, activities under https://exemple.fr/ab/).
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot as root } from './lib/deps.mjs';
const dist = (p) => import(pathToFileURL(join(root, 'backend/dist', p)).href);
const require = (await import('node:module')).createRequire(join(root, 'backend/package.json'));
const pg = require('pg');
const [{ EventLog, eventIdFor }, { SystemClock }, agents, store, { startEmbeddedPostgres }] = await Promise.all([
  dist('platform/event-log/event-log.js'), dist('shared-kernel/clock.js'), dist('contexts/xapi/domain/agents.js'),
  dist('contexts/xapi/application/statement-store.sql.js'), dist('platform/database/embedded-postgres.js'),
]);
const db = await startEmbeddedPostgres({ dir: process.argv[2], port: Number(process.argv[3]), database: 'lms' });
const pool = new pg.Pool({ connectionString: db.url, max: 8 });
const events = new EventLog(new SystemClock());
const sha = (t) => createHash('sha256').update(t).digest('hex');
const authority = { objectType: 'Agent', name: 'AB', account: { homePage: 'https://lms-formation.fr', name: 'credential/ab' } };
function batch() {
  return Array.from({ length: 100 }, (_, i) => ({ id: randomUUID(), actor: { objectType: 'Agent', mbox: `mailto:ab${i % 40}@exemple.fr` },
    verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced' } },
    object: { id: `https://exemple.fr/ab/activite/${i % 10}`, definition: { name: { 'fr-FR': `Activité ${i % 10}` }, type: 'http://adlnet.gov/expapi/activities/lesson' } },
    context: { contextActivities: { parent: [{ id: 'https://exemple.fr/ab/cours' }] } } }));
}
function rowsOf(list, stored) {
  return list.map((s) => {
    const received = { ...s };
    const json = agents.canonicalJson({ ...received, timestamp: stored, stored, authority, version: '1.0.0' });
    return { id: s.id, statementJson: json, sha256: sha(json), receivedSha256: sha(agents.canonicalJson(received)), actorKey: agents.actorKey(s.actor), verbId: s.verb.id,
      objectActivity: s.object.id, objectAgent: null, objectRef: null, registration: null, agents: agents.actorKeys(s.actor), activities: [s.object.id, 'https://exemple.fr/ab/cours'], teacherId: null,
      definitions: [[s.object.id, s.object.definition]] };
  });
}
const holds = [];
async function once(variant) {
  const stored = new Date().toISOString();
  const rows = rowsOf(batch(), stored);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const t0 = performance.now();
    const requests = rows.map((r) => ({ streamType: 'xapi.statement', streamId: r.id, expectedVersion: 0,
      events: [{ type: 'XapiStatementStored', eventId: eventIdFor(r.id, 'stored'), payload: { statementId: r.id, sha256: r.sha256, voids: null, credentialId: null, studentId: null } }],
      metadata: { actor: null, correlationId: randomUUID() } }));
    // NEW: the events chained before the turn (timed with it, as their cost is the writer's) and inserted by the turn's statement.
    const prepared = variant === 'NEW' ? events.prepareNewStreams(requests) : null;
    const eventsSql = prepared ? prepared.insertSql : () => 'select null::text as event_id where false';
    const a = (await client.query(store.turnAndInsertSql(eventsSql), [
      ...store.statementInsertParams(stored, null, null, rows), ...store.activityParams(rows.flatMap((r) => r.definitions)), ...(prepared?.params ?? []),
    ])).rows[0];
    if (a.newest !== null && new Date(a.newest).getTime() >= Date.parse(stored)) throw new Error('clock behind');
    const ids = a.ids;
    if (prepared) prepared.settle(client, a.ids, a.event_ids);
    else await events.appendMany(client, requests);
    await client.query('commit');
    holds.push(performance.now() - t0);
    if (ids.length !== 100) throw new Error('not all inserted');
  } catch (e) {
    await client.query('rollback');
    if (e.message !== 'clock behind') throw e;
  } finally {
    client.release();
  }
}
async function round(variant, seconds) {
  holds.length = 0;
  const end = Date.now() + seconds * 1000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let stored = 0;
  await Promise.all(Array.from({ length: 4 }, async () => { while (Date.now() < end) { await once(variant); stored += 100; } }));
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  holds.sort((a, b) => a - b);
  return { variant, rate: stored / secs, nodeCpuPct: (100 * (cpu.user + cpu.system)) / 1e6 / secs, waitAndHoldP50: holds[Math.floor(holds.length / 2)], waitAndHoldMean: holds.reduce((a, b) => a + b, 0) / holds.length };
}
await round('NEW', 3); await round('OLD', 3);
const results = [];
for (let i = 0; i < Number(process.argv[4] ?? 3); i++) for (const v of i % 2 ? ['NEW', 'OLD'] : ['OLD', 'NEW']) {
  const r = await round(v, 10);
  results.push(r);
  console.log(`${new Date().toISOString()} ${r.variant}: ${r.rate.toFixed(0)} statements/s, turn waited for and held (turn → commit) p50 ${r.waitAndHoldP50.toFixed(1)} ms mean ${r.waitAndHoldMean.toFixed(1)} ms, node CPU ${r.nodeCpuPct.toFixed(0)} %`);
}
for (const v of ['OLD', 'NEW']) {
  const rs = results.filter((r) => r.variant === v);
  console.log(`${v}: mean ${(rs.reduce((a, r) => a + r.rate, 0) / rs.length).toFixed(0)} statements/s, waited for and held p50 mean ${(rs.reduce((a, r) => a + r.waitAndHoldP50, 0) / rs.length).toFixed(1)} ms`);
}
await pool.end();
await db.stop();
