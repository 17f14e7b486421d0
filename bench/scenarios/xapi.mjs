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
  world = { authorization: `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}` };
  return world;
}

const headers = (state) => () => ({ authorization: state.authorization, 'x-experience-api-version': '1.0.3' });

let sent = 0;
const postRequest = {
  method: 'POST',
  path: '/api/xapi/statements',
  perConnection: (state) => ({
    headers: headers(state),
    body: () => ({
      actor: { objectType: 'Agent', name: 'Apprenant', mbox: `mailto:poster${++sent % AGENTS}@bench.lms-formation.fr` },
      verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced' } },
      object: { objectType: 'Activity', id: `${BENCH}/activities/posted/${sent % 100}` },
      result: { completion: true, duration: 'PT42S', score: { scaled: 0.8 } },
      context: { registration: randomUUID() },
      timestamp: new Date().toISOString(),
    }),
  }),
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
    name: 'xapi filtered statements',
    description: `GET /api/xapi/statements?agent=…&verb=…&limit=10 over ${GENERATED.toLocaleString('en')} stored statements (HTTP Basic): the credential check, the newest seq, then the page SELECT (statements matching, and those targeting one matching), answered with its more.`,
    connections: 20,
    setup: lrs,
    app: getRequest,
    baseline: getRequest,
    check: (status, body) => status === 200 && body.startsWith('{"statements":[{') && body.includes('"more":"/api/xapi/statements?more='),
  },
];
