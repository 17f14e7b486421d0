// The learning record store (issue 12, docs/xapi.md): an activity provider posting one statement,
// and a filtered GET (agent and verb, a page of 10) over one million stored statements. The
// million is generated once by SQL in the setup (not through HTTP: hours otherwise); those rows
// have no XapiStatementStored events (the read does not look at the log). The credential is
// issued through the app by the demo admin and used by both sides.
import { randomUUID } from 'node:crypto';
import { pg } from '../lib/deps.mjs';

const DEMO_ADMIN = { email: 'admin@demo.lms-formation.fr', password: 'AdminDemo2026!' };
export const GENERATED = Number(process.env.BENCH_XAPI_STATEMENTS ?? 1_000_000);
const AGENTS = 10_000;
const VERBS = 20;
const ACTIVITIES = 5_000;
const BENCH = 'https://bench.lms-formation.fr';

function ok(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} refusé : ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

/** One million statements in a few INSERT … SELECT (100,000 rows each), stored over the past 12 days. */
async function generate(databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query(`select count(*)::int as n from xapi.statement where verb_id like $1`, [`${BENCH}/verbs/%`]);
    const started = Date.now();
    for (let from = rows[0].n + 1; from <= GENERATED; from += 100_000) {
      const to = Math.min(GENERATED, from + 99_999);
      await pool.query(
        `insert into xapi.statement (id, statement, sha256, received_sha256, stored, actor_key, verb_id, object_activity, agents, activities)
         select g.id, jsonb_build_object(
                  'id', g.id, 'actor', jsonb_build_object('objectType', 'Agent', 'mbox', g.mbox),
                  'verb', jsonb_build_object('id', g.verb, 'display', jsonb_build_object('en-US', 'verb ' || (g.i % ${VERBS}))),
                  'object', jsonb_build_object('objectType', 'Activity', 'id', g.activity),
                  'result', jsonb_build_object('completion', true, 'duration', 'PT' || (g.i % 600) || 'S'),
                  'timestamp', to_jsonb(g.stored), 'stored', to_jsonb(g.stored), 'version', '1.0.0',
                  'authority', jsonb_build_object('objectType', 'Agent', 'name', 'bench', 'account', jsonb_build_object('homePage', '${BENCH}', 'name', 'bench'))),
                md5(g.id::text) || md5(g.mbox), md5(g.id::text) || md5(g.verb), g.stored, 'mbox:' || g.mbox, g.verb, g.activity, array['mbox:' || g.mbox], array[g.activity]
           from (select i, gen_random_uuid() as id, 'mailto:learner' || (i % ${AGENTS}) || '@bench.lms-formation.fr' as mbox,
                        '${BENCH}/verbs/' || (i % ${VERBS}) as verb, '${BENCH}/activities/' || (i % ${ACTIVITIES}) as activity,
                        now() - interval '12 days' + i * interval '1 second' as stored
                   from generate_series($1::int, $2::int) as i) g`,
        [from, to],
      );
    }
    await pool.query('analyze xapi.statement');
    if (rows[0].n < GENERATED) console.log(`  ${GENERATED - rows[0].n} déclarations générées en ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    await pool.end();
  }
}

let world;
async function lrs({ appHttp, databaseUrl }) {
  if (world) return world;
  const admin = ok(await appHttp.postJson('/api/admin/token/', DEMO_ADMIN), 'connexion administrateur');
  const credential = ok(await appHttp.postJson('/api/xapi-credentials', { name: 'Banc d’essai', scopes: ['all'] }, admin.access), 'accès xAPI');
  await generate(databaseUrl);
  world = { authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`, databaseUrl };
  return world;
}

const headers = (state) => () => ({ authorization: state.authorization, 'x-experience-api-version': '1.0.3' });

let sent = 0;
const posted = () => ({
  actor: { objectType: 'Agent', name: 'Apprenant', mbox: `mailto:poster${++sent % AGENTS}@bench.lms-formation.fr` },
  verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced' } },
  object: { objectType: 'Activity', id: `${BENCH}/activities/posted/${sent % 100}` },
  result: { completion: true, duration: 'PT42S', score: { scaled: 0.8 } },
  context: { registration: randomUUID() },
  timestamp: new Date().toISOString(),
});
const postRequest = {
  method: 'POST',
  path: '/api/xapi/statements',
  perConnection: (state) => ({ headers: headers(state), body: posted }),
};

// A batch as an authoring tool or another LMS forwards them (issue 31): 100 statements, their
// activities with a definition (the upsert of xapi.activity runs too).
export const BATCH = 100;
const batchStatement = () => {
  const statement = posted();
  statement.object.definition = { name: { 'fr-FR': `Activité ${sent % 100}`, 'en-US': `Activity ${sent % 100}` }, type: 'http://adlnet.gov/expapi/activities/lesson' };
  statement.context.contextActivities = { parent: [{ id: `${BENCH}/activities/course/${sent % 10}` }] };
  return statement;
};
const batchRequest = {
  method: 'POST',
  path: '/api/xapi/statements',
  perConnection: (state) => ({ headers: headers(state), body: () => Array.from({ length: BATCH }, batchStatement) }),
};

// learner42 has 100 statements, all with verb 2 (42 mod 20): a page of 10 of them, and a `more`.
const FILTER = `agent=${encodeURIComponent(JSON.stringify({ mbox: 'mailto:learner42@bench.lms-formation.fr' }))}&verb=${encodeURIComponent(`${BENCH}/verbs/2`)}&limit=10`;
const getRequest = { method: 'GET', path: `/api/xapi/statements?${FILTER}`, perConnection: (state) => ({ headers: headers(state) }) };

export const scenarios = [
  {
    name: 'xapi post statement',
    description:
      'POST /api/xapi/statements (one statement, HTTP Basic): the credential select and sha256 comparison, the statement validated, then in one transaction its insert (jsonb and the filter columns), XapiStatementStored (id and sha256 of the canonical form) chained by hash, commit, NOTIFY; answers [id].',
    connections: 20,
    setup: lrs,
    app: postRequest,
    baseline: postRequest,
    check: (status, body) => status === 200 && /^\["[0-9a-f-]{36}"\]$/.test(body),
  },
  {
    name: 'xapi post batch of 100',
    description:
      'POST /api/xapi/statements with an array of 100 statements (HTTP Basic): each validated and its stored form made, and their 100 XapiStatementStored chained and hashed (EventLog.prepareNewStreams), then in one transaction one statement for the statement writers\' turn, the INSERT … SELECT FROM unnest of the 100 rows (kept when their `stored` is after the newest), the upsert of their activity definitions and the INSERT of their events (turnAndInsertSql); answers the 100 ids. Statements/s = req/s × 100.',
    connections: 4,
    setup: lrs,
    app: batchRequest,
    baseline: batchRequest,
    check: (status, body) => status === 200 && body.startsWith('["') && body.split(',').length === BATCH,
  },
  {
    name: 'xapi post batch of 100, bare insert',
    description:
      'The same batches of 100 through the app (as above), against a baseline that only inserts the same statement rows (INSERT_STATEMENTS_SQL in its own transaction: no statement writers\' turn, no events, no activity definitions): the issue\'s "bare insert of the same rows". Statements/s = req/s × 100.',
    connections: 4,
    setup: lrs,
    app: batchRequest,
    baseline: { ...batchRequest, path: '/api/xapi/statements/bare' },
    check: (status, body) => status === 200 && body.startsWith('["') && body.split(',').length === BATCH,
  },
  {
    name: 'xapi filtered statements',
    description: `GET /api/xapi/statements?agent=…&verb=…&limit=10 over ${GENERATED.toLocaleString('en')} stored statements (HTTP Basic): the credential check, the newest seq, then the page SELECT (statements matching, and those targeting one matching), answered with its more.`,
    connections: 20,
    setup: lrs,
    app: getRequest,
    baseline: getRequest,
    check: (status, body) => status === 200 && body.startsWith('{"statements":[{') && body.includes('"more":"/api/xapi/statements?more='),
  },
];

// ---- Issue 31: a batch near the 16 MB body limit, and the other writers meanwhile ----

const BIG_BATCH = Number(process.env.BENCH_XAPI_BIG_BATCH ?? 10_000);
const BODY_LIMIT = 16 * 1024 * 1024;

/** `count` statements padded to fill `bytes` (a long response, as a simulation's trace carries). */
function bigBatch(count, bytes) {
  const statements = Array.from({ length: count }, batchStatement);
  const bare = Buffer.byteLength(JSON.stringify(statements));
  const pad = Math.max(0, Math.floor((bytes - bare) / count) - 20);
  for (const s of statements) s.result.response = 'x'.repeat(pad);
  return JSON.stringify(statements);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : null;
};

/** Sends `make()` in a loop on `connections` connections until `stop()`; the latencies of the answers that `ok`. */
async function keepSending(appUrl, connections, make, ok, stop) {
  const latencies = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!stop()) {
        const { method, path, headers: h, body } = make();
        const started = performance.now();
        const response = await fetch(`${appUrl}${path}`, { method, headers: h, body });
        const text = await response.text();
        if (ok(response.status, text)) latencies.push(performance.now() - started);
        else failures++;
      }
    }),
  );
  return { requests: latencies.length, failures, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), maxMs: percentile(latencies, 1) };
}

/**
 * A batch of BIG_BATCH statements (the most a request may carry) filling the 16 MB body limit:
 * how long the request and its transaction take (the longest client transaction open meanwhile,
 * from pg_stat_activity every 20 ms; autovacuum's are not the batch's), while other clients keep writing: single statements (they take
 * their turn after the batch), state documents (another write path, no turn to wait) and
 * filtered reads. Then a 16 MB batch of small statements (more than a request may carry): how
 * fast it is refused.
 */
async function measureBigBatch({ appUrl }) {
  const state = world;
  const auth = headers(state)();
  const pool = new pg.Pool({ connectionString: state.databaseUrl, max: 1 });
  try {
    const body = bigBatch(BIG_BATCH, BODY_LIMIT - 64 * 1024);
    let longestTransaction = 0;
    let done = false;
    const watcher = (async () => {
      while (!done) {
        const { rows } = await pool.query(
          `select coalesce(max(extract(epoch from clock_timestamp() - xact_start)), 0)::float8 as s from pg_stat_activity
            where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and xact_start is not null and state <> 'idle'`,
        );
        longestTransaction = Math.max(longestTransaction, rows[0].s);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const json = { ...auth, 'content-type': 'application/json' };
    const others = {
      statements: keepSending(appUrl, 2, () => ({ method: 'POST', path: '/api/xapi/statements', headers: json, body: JSON.stringify(posted()) }), (s) => s === 200, () => done),
      documents: keepSending(
        appUrl,
        2,
        () => ({ method: 'PUT', path: `/api/xapi/activities/state?${new URLSearchParams({ activityId: `${BENCH}/activities/state`, agent: JSON.stringify({ mbox: `mailto:state${sent++ % 50}@bench.lms-formation.fr` }), stateId: 'bookmark' })}`, headers: json, body: JSON.stringify({ at: sent }) }),
        (s) => s === 204,
        () => done,
      ),
      reads: keepSending(appUrl, 1, () => ({ method: 'GET', path: getRequest.path, headers: auth }), (s) => s === 200, () => done),
    };
    await new Promise((r) => setTimeout(r, 500));
    const started = performance.now();
    const response = await fetch(`${appUrl}/api/xapi/statements`, { method: 'POST', headers: json, body });
    const answer = await response.text();
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 500));
    done = true;
    const [statements, documents, reads] = await Promise.all([others.statements, others.documents, others.reads]);
    await watcher;
    const stored = response.status === 200 && JSON.parse(answer).length === BIG_BATCH;

    const one = Buffer.byteLength(JSON.stringify(posted())) + 1;
    const small = JSON.stringify(Array.from({ length: Math.floor((BODY_LIMIT - 64 * 1024) / one) }, posted));
    const refusedAt = performance.now();
    const refused = await fetch(`${appUrl}/api/xapi/statements`, { method: 'POST', headers: json, body: small });
    const refusal = { status: refused.status, message: (await refused.json()).message, seconds: (performance.now() - refusedAt) / 1000 };
    const pass = stored && refusal.status === 413;
    const mib = (Buffer.byteLength(body) / 2 ** 20).toFixed(1);
    const line = (name, r) => `  ${name} : ${r.requests} réponses, p50 ${r.p50Ms?.toFixed(1)} ms, p99 ${r.p99Ms?.toFixed(1)} ms, max ${r.maxMs?.toFixed(1)} ms, ${r.failures} échecs`;
    return {
      pass,
      lines: [
        `Lot de ${BIG_BATCH} déclarations (${mib} Mio) : ${response.status} en ${seconds.toFixed(2)} s, transaction la plus longue ${longestTransaction.toFixed(2)} s : ${pass ? 'PASS' : 'FAIL'}`,
        'Pendant ce temps :',
        line('déclarations seules (POST, 2 connexions)', statements),
        line('états (PUT activities/state, 2 connexions)', documents),
        line('lectures filtrées (GET, 1 connexion)', reads),
        `Lot de ${(Buffer.byteLength(small) / 2 ** 20).toFixed(1)} Mio de petites déclarations : ${refusal.status} en ${refusal.seconds.toFixed(2)} s (${refusal.message})`,
      ],
      result: { statements: BIG_BATCH, bytes: Buffer.byteLength(body), status: response.status, seconds, longestTransactionSeconds: longestTransaction, others: { statements, documents, reads }, refusal },
    };
  } finally {
    await pool.end();
  }
}

export const measurements = [{ name: 'xapi 16 MB batch', run: measureBigBatch }];
