// The learning record store over HTTP (issue 12, docs/xapi.md): the requirements of xAPI 1.0.3
// that the ADL conformance suite exercises, written as the project's own tests (the suite itself
// is not copied): headers, authentication and scopes, statement storage and its evidence in the
// event log, validation, voiding, queries and paging, formats, attachments and signatures, the
// alternate request syntax, the document resources with their concurrency, activities and agents,
// students' and trainers' sessions, the player's statements, and the admin's credentials.
import { createHash, generateKeyPairSync, randomUUID, sign as rsaSign } from 'node:crypto';
import pg from 'pg';
import { Database } from '../../../platform/database/database.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin, givenCourse, givenEnrolled, givenStudent, givenTeacher, type GivenAdmin, type GivenStudent } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { output } from '../../../cli/testing/event-log-workload.js';
import { xapiVerifyCommand } from '../../../cli/xapi-verify.js';
import { canonicalJson, sha256Hex } from '../domain/agents.js';

type Obj = Record<string, unknown>;
let t: TestApp;
let db: Database;
let admin: GivenAdmin;
let basic: string;
let home: string;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  admin = await givenAdmin(t);
  basic = await issue(['all']);
  home = t.config.xapiHomePage;
});

afterAll(async () => {
  await t?.close();
});

async function issue(scopes: string[], name = 'Fournisseur de test'): Promise<string> {
  const response = await call(t, 'POST', '/api/xapi-credentials', admin.token, { name, scopes });
  expect(response.statusCode).toBe(201);
  const { key, secret } = response.json();
  return `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
}

interface XapiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  auth?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  version?: string | null;
}

function xapi(path: string, { method = 'GET', auth = basic, body, headers = {}, version = '1.0.3' }: XapiCall = {}) {
  const all: Record<string, string> = { ...headers };
  if (auth) all.authorization = auth;
  if (version) all['x-experience-api-version'] = version;
  let payload: string | Buffer | undefined;
  if (Buffer.isBuffer(body) || typeof body === 'string') payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    all['content-type'] ??= 'application/json';
  }
  return t.app.inject({ method, url: `/api/xapi${path}`, headers: all, ...(payload !== undefined ? { payload } : {}) });
}

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
let n = 0;
const mbox = () => `mailto:apprenant-${++n}-${randomUUID().slice(0, 8)}@exemple.fr`;
const activityId = () => `https://exemple.fr/activites/${randomUUID()}`;
const VERB = { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced', 'fr-FR': 'a découvert' } };

function statement(overrides: Obj = {}): Obj {
  return {
    actor: { objectType: 'Agent', name: 'Apprenant', mbox: mbox() },
    verb: VERB,
    object: { objectType: 'Activity', id: activityId(), definition: { name: { 'en-US': 'An activity', 'fr-FR': 'Une activité' } } },
    ...overrides,
  };
}

async function post(s: Obj | Obj[], auth = basic): Promise<string[]> {
  const response = await xapi('/statements', { method: 'POST', body: s, auth });
  expect([response.statusCode, response.body]).toEqual([200, expect.any(String)]);
  return response.json();
}

async function getOne(id: string, auth = basic): Promise<Obj> {
  const response = await xapi(`/statements${q({ statementId: id })}`, { auth });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('headers and the about resource', () => {
  it('answers /about without credentials or version header, with the versions it speaks', async () => {
    const response = await xapi('/about', { auth: null, version: null });
    expect([response.statusCode, response.json().version]).toEqual([200, ['1.0.0', '1.0.1', '1.0.2', '1.0.3']]);
    expect(response.headers['x-experience-api-version']).toBe('1.0.3');
  });

  it('requires X-Experience-API-Version 1.0.x on every other resource, and answers it on errors too', async () => {
    const missing = await xapi('/statements', { version: null });
    expect([missing.statusCode, missing.headers['x-experience-api-version']]).toEqual([400, '1.0.3']);
    expect(missing.json().message).toContain('X-Experience-API-Version');
    expect((await xapi('/statements', { version: '2.0.0' })).statusCode).toBe(400);
    expect((await xapi('/statements', { version: '1.0' })).statusCode).toBe(200);
  });

  it('says X-Experience-API-Consistent-Through on every statement GET, even a refused one, and answers HEAD like GET without a body', async () => {
    for (const path of ['/statements', `/statements${q({ statementId: 'nope' })}`]) {
      const response = await xapi(path);
      expect(Number.isNaN(Date.parse(String(response.headers['x-experience-api-consistent-through'])))).toBe(false);
    }
    const head = await xapi('/statements', { method: 'HEAD' });
    expect([head.statusCode, head.body]).toEqual([200, '']);
  });
});

describe('calls from content served elsewhere (CORS)', () => {
  it('answers the preflight without credentials, and lets any origin read the answers and their xAPI headers', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/xapi/activities/state',
      headers: { origin: 'https://contenus.exemple.fr', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type,x-experience-api-version' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-Experience-API-Version');
    const answer = await xapi('/statements', { headers: { origin: 'https://contenus.exemple.fr' } });
    expect([answer.headers['access-control-allow-origin'], answer.headers['access-control-expose-headers']]).toEqual(['*', expect.stringContaining('X-Experience-API-Consistent-Through')]);
  });
});

describe('who may write and read', () => {
  it('asks for credentials (401 with a Basic challenge), refuses a wrong or revoked secret', async () => {
    const anonymous = await xapi('/statements', { auth: null });
    expect([anonymous.statusCode, anonymous.headers['www-authenticate']]).toEqual([401, 'Basic realm="xAPI"']);
    const created = (await call(t, 'POST', '/api/xapi-credentials', admin.token, { name: 'Éphémère', scopes: ['all'] })).json();
    const good = `Basic ${Buffer.from(`${created.key}:${created.secret}`).toString('base64')}`;
    const wrong = `Basic ${Buffer.from(`${created.key}:${created.secret}x`).toString('base64')}`;
    expect((await xapi('/statements', { auth: good })).statusCode).toBe(200);
    expect((await xapi('/statements', { auth: wrong })).statusCode).toBe(401);
    expect((await call(t, 'DELETE', `/api/xapi-credentials/${created.id}`, admin.token)).statusCode).toBe(204);
    expect((await xapi('/statements', { auth: good })).statusCode).toBe(401);
  });

  it('keeps only the sha256 of the secret, shows the secret once, and lets only admins manage credentials (in French)', async () => {
    const created = (await call(t, 'POST', '/api/xapi-credentials', admin.token, { name: 'Studio', scopes: ['statements/write'] })).json();
    const [row] = await db.query<{ secret_sha256: string }>('select secret_sha256 from xapi.credential where id = $1', [created.id]);
    expect(row.secret_sha256).toBe(createHash('sha256').update(created.secret).digest('hex'));
    const list = (await call(t, 'GET', '/api/xapi-credentials', admin.token)).json();
    expect(list.find((c: Obj) => c.id === created.id)).toEqual({ id: created.id, name: 'Studio', key: created.key, scopes: ['statements/write'], created_at: expect.any(String), revoked_at: null });
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const student = await givenStudent(t);
    expect((await call(t, 'GET', '/api/xapi-credentials', student.token)).statusCode).toBe(403);
    const blank = await call(t, 'POST', '/api/xapi-credentials', admin.token, { name: ' ', scopes: ['all'] });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Le nom est obligatoire.']);
    const unknown = await call(t, 'POST', '/api/xapi-credentials', admin.token, { name: 'X', scopes: ['everything'] });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Autorisation inconnue.']);
  });

  it('holds each credential to its scopes: write only cannot read; read/mine reads only what it wrote', async () => {
    const writer = await issue(['statements/write']);
    const mine = await issue(['statements/write', 'statements/read/mine']);
    const [own] = await post(statement(), mine);
    const [other] = await post(statement());
    expect((await xapi('/statements', { auth: writer })).statusCode).toBe(403);
    expect((await xapi(`/statements${q({ statementId: other })}`, { auth: mine })).statusCode).toBe(404);
    expect((await xapi(`/statements${q({ statementId: own })}`, { auth: mine })).statusCode).toBe(200);
    const page = (await xapi('/statements', { auth: mine })).json();
    expect(page.statements.map((s: Obj) => s.id)).toEqual([own]);
    expect((await xapi(`/activities/state${q({ activityId: activityId(), agent: JSON.stringify({ mbox: mbox() }), stateId: 's' })}`, { auth: writer })).statusCode).toBe(403);
  });
});

describe('storing statements', () => {
  it('stores one statement and sets id, stored, timestamp, version and authority (the credential)', async () => {
    const sent = statement();
    const [id] = await post(sent);
    const stored = await getOne(id);
    expect(stored).toEqual({
      ...sent,
      id,
      stored: expect.any(String),
      timestamp: stored.stored,
      version: '1.0.0',
      authority: { objectType: 'Agent', name: 'Fournisseur de test', account: { homePage: home, name: expect.stringMatching(/^credential\//) } },
    });
  });

  it('stores an array all or none, answers the ids in order, refuses an id twice in one batch', async () => {
    const ids = [randomUUID(), randomUUID()];
    expect(await post([statement({ id: ids[0] }), statement({ id: ids[1] })])).toEqual(ids);
    const good = randomUUID();
    const batch = await xapi('/statements', { method: 'POST', body: [statement({ id: good }), statement({ verb: { id: 'not an iri' } })] });
    expect(batch.statusCode).toBe(400);
    expect((await xapi(`/statements${q({ statementId: good })}`)).statusCode).toBe(404);
    const twice = randomUUID();
    expect((await xapi('/statements', { method: 'POST', body: [statement({ id: twice }), statement({ id: twice })] })).statusCode).toBe(400);
  });

  it('records each stored statement as XapiStatementStored with its id and the sha256 of its canonical form, never the statement', async () => {
    const sent = statement();
    const [id] = await post(sent);
    const [event] = await db.query<{ payload: Obj; stream_type: string }>(`select payload, stream_type from eventlog.event where event_type = 'XapiStatementStored' and stream_id = $1`, [id]);
    const [row] = await db.query<{ statement: Obj }>('select statement from xapi.statement where id = $1', [id]);
    expect(event.stream_type).toBe('xapi.statement');
    expect(event.payload).toEqual({ statementId: id, sha256: createHash('sha256').update(canonicalJson(row.statement)).digest('hex'), voids: null, credentialId: expect.any(Number), studentId: null });
    expect(JSON.stringify(event.payload)).not.toContain(String((sent.actor as Obj).mbox));
  });

  it('npm run xapi:verify finds every statement as the log recorded it, and names one altered afterwards', async () => {
    const [id] = await post(statement());
    const env = { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir };
    const before = output();
    expect(await xapiVerifyCommand([], env, before.out)).toBe(0);
    expect(before.lines.log.join('\n')).toContain('OK : chaque déclaration est celle que le journal a enregistrée.');
    await db.query(`update xapi.statement set statement = jsonb_set(statement, '{verb,id}', '"https://exemple.fr/verbes/autre"') where id = $1`, [id]);
    const after = output();
    expect(await xapiVerifyCommand([], env, after.out)).toBe(1);
    expect(after.lines.error).toEqual([`ÉCART : déclaration ${id} modifiée depuis son enregistrement (empreinte différente de celle du journal).`]);
    await db.query(`delete from xapi.statement where id = $1`, [id]);
    const gone = output();
    expect(await xapiVerifyCommand(['--json'], env, gone.out)).toBe(1);
    expect(JSON.parse(gone.lines.log.join('')).mismatches).toEqual([{ statementId: id, problem: 'no-statement' }]);
  });

  it('PUT stores under statementId (204), accepts the same statement again without a second event, refuses other content (409)', async () => {
    const id = randomUUID();
    const sent = statement();
    expect((await xapi(`/statements${q({ statementId: id })}`, { method: 'PUT', body: sent })).statusCode).toBe(204);
    expect((await xapi(`/statements${q({ statementId: id })}`, { method: 'PUT', body: sent })).statusCode).toBe(204);
    expect((await post({ ...sent, id }))[0]).toBe(id);
    const [{ count }] = await db.query<{ count: number }>(`select count(*)::int as count from eventlog.event where stream_id = $1`, [id]);
    expect(count).toBe(1);
    expect((await xapi(`/statements${q({ statementId: id })}`, { method: 'PUT', body: statement() })).statusCode).toBe(409);
    expect((await xapi('/statements', { method: 'PUT', body: sent })).statusCode).toBe(400);
    expect((await xapi(`/statements${q({ statementId: randomUUID() })}`, { method: 'PUT', body: { ...sent, id: randomUUID() } })).statusCode).toBe(400);
    expect((await xapi(`/statements${q({ statementId: randomUUID() })}`, { method: 'PUT', body: [sent] })).statusCode).toBe(400);
  });

  it('returns a single context activity as an array of one', async () => {
    const parent = { id: activityId() };
    const [id] = await post(statement({ context: { contextActivities: { parent } } }));
    expect(((await getOne(id)).context as Obj).contextActivities).toEqual({ parent: [parent] });
  });
});

describe('validation: each violation is a 400 with its reason', () => {
  const agent = { mbox: 'mailto:a@exemple.fr' };
  const cases: [string, () => Obj, string][] = [
    ['no actor', () => ({ verb: VERB, object: { id: activityId() } }), 'statement.actor: is required'],
    ['an mbox without mailto:', () => statement({ actor: { mbox: 'a@exemple.fr' } }), 'mailto'],
    ['an agent with two identifiers', () => statement({ actor: { mbox: 'mailto:a@exemple.fr', openid: 'https://openid.exemple.fr/a' } }), 'exactly one'],
    ['an anonymous group without members', () => statement({ actor: { objectType: 'Group', name: 'Groupe' } }), 'members'],
    ['a group as a group member', () => statement({ actor: { objectType: 'Group', member: [{ objectType: 'Group', mbox: 'mailto:g@exemple.fr' }] } }), 'member'],
    ['an account without homePage', () => statement({ actor: { account: { name: 'x' } } }), 'homePage'],
    ['a verb id that is no IRI', () => statement({ verb: { id: 'experienced' } }), 'IRI'],
    ['a display that is no language map', () => statement({ verb: { id: VERB.id, display: { en_US: 'x' } } }), 'language tag'],
    ['an unknown property', () => statement({ mood: 'happy' }), 'statement.mood'],
    ['a null value', () => statement({ result: { success: null } }), 'must not be null'],
    ['an id that is no UUID', () => statement({ id: '1234' }), 'UUID'],
    ['a timestamp that is no ISO 8601 date', () => statement({ timestamp: '23/11/2026' }), 'ISO 8601'],
    ['a timestamp with a -00:00 offset', () => statement({ timestamp: '2026-11-23T10:00:00-00:00' }), 'ISO 8601'],
    ['a duration that is no ISO 8601 duration', () => statement({ result: { duration: '10 minutes' } }), 'duration'],
    ['a scaled score above 1', () => statement({ result: { score: { scaled: 1.5 } } }), 'between -1 and 1'],
    ['a raw score above max', () => statement({ result: { score: { raw: 11, min: 0, max: 10 } } }), 'greater than max'],
    ['an extension key that is no IRI', () => statement({ result: { extensions: { color: 'blue' } } }), 'extension key'],
    ['an unknown interaction type', () => statement({ object: { id: activityId(), definition: { interactionType: 'essay' } } }), 'interactionType'],
    ['choices on a likert interaction', () => statement({ object: { id: activityId(), definition: { interactionType: 'likert', choices: [{ id: 'a' }] } } }), 'not allowed'],
    ['a repeated interaction component id', () => statement({ object: { id: activityId(), definition: { interactionType: 'choice', choices: [{ id: 'a' }, { id: 'a' }] } } }), 'repeated'],
    ['context.revision when the object is an agent', () => statement({ object: { objectType: 'Agent', ...agent }, context: { revision: '2' } }), 'revision'],
    ['context.team that is no group', () => statement({ context: { team: agent } }), 'team'],
    ['a registration that is no UUID', () => statement({ context: { registration: 'abc' } }), 'UUID'],
    ['a SubStatement in a SubStatement', () => statement({ object: { objectType: 'SubStatement', ...statement({ object: { objectType: 'SubStatement', ...statement() } }) } }), 'SubStatement'],
    ['an id in a SubStatement', () => statement({ object: { objectType: 'SubStatement', id: randomUUID(), ...statement() } }), 'id'],
    ['an identified group as authority', () => statement({ authority: { objectType: 'Group', mbox: 'mailto:g@exemple.fr', member: [agent, { mbox: 'mailto:b@exemple.fr' }] } }), 'authority'],
    ['a version other than 1.0.x', () => statement({ version: '2.0.0' }), 'version'],
    ['an attachment without sha2', () => statement({ attachments: [{ usageType: 'https://exemple.fr/u', display: { fr: 'x' }, contentType: 'text/plain', length: 1, fileUrl: 'https://exemple.fr/f' }] }), 'sha2'],
    ['a voiding statement whose object is no StatementRef', () => statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/voided' } }), 'StatementRef'],
  ];
  it.each(cases)('refuses %s', async (_name, build, reason) => {
    const response = await xapi('/statements', { method: 'POST', body: build() });
    expect([response.statusCode, response.json().message]).toEqual([400, expect.stringContaining(reason)]);
  });

  it('refuses a body that is not JSON, and the characters the platform never stores', async () => {
    expect((await xapi('/statements', { method: 'POST', body: '{"actor":', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await xapi('/statements', { method: 'POST', body: statement({ result: { response: 'a\u0000b' } }) })).statusCode).toBe(400);
  });
});

describe('voiding', () => {
  it('hides a voided statement from statementId and filters, shows it by voidedStatementId; a voiding statement is not voided', async () => {
    const target = statement();
    const [id] = await post(target);
    const voiding = { actor: { mbox: mbox() }, verb: { id: 'http://adlnet.gov/expapi/verbs/voided' }, object: { objectType: 'StatementRef', id } };
    const [voidingId] = await post(voiding);
    expect((await xapi(`/statements${q({ statementId: id })}`)).statusCode).toBe(404);
    expect((await xapi(`/statements${q({ voidedStatementId: id })}`)).json().id).toBe(id);
    expect((await xapi(`/statements${q({ voidedStatementId: voidingId })}`)).statusCode).toBe(404);
    const page = (await xapi(`/statements${q({ activity: String((target.object as Obj).id) })}`)).json();
    expect(page.statements.map((s: Obj) => s.id)).toEqual([voidingId]);
    const again = await xapi('/statements', { method: 'POST', body: { ...voiding, object: { objectType: 'StatementRef', id: voidingId } } });
    expect(again.statusCode).toBe(400);
  });
});

describe('who may void', () => {
  const voiding = (id: string, actor: Obj = { mbox: mbox() }) => ({ actor, verb: { id: 'http://adlnet.gov/expapi/verbs/voided' }, object: { objectType: 'StatementRef', id } });

  it('lets only the sender void a statement: a credential what it stored (unless scoped all), a student their own', async () => {
    const writer = await issue(['statements/write']);
    const [others] = await post(statement());
    const [own] = await post(statement(), writer);
    expect((await xapi('/statements', { method: 'POST', auth: writer, body: voiding(others) })).statusCode).toBe(403);
    expect((await xapi('/statements', { method: 'POST', auth: writer, body: voiding(own) })).statusCode).toBe(200);
    const student = await givenStudent(t);
    const me = { objectType: 'Agent', account: { homePage: home, name: String(student.studentId) } };
    const bearer = `Bearer ${student.token}`;
    const [mine] = await post(statement({ actor: me }), bearer);
    const [aboutMe] = await post(statement({ actor: me }));
    expect((await xapi('/statements', { method: 'POST', auth: bearer, body: voiding(aboutMe, me) })).statusCode).toBe(403);
    expect((await xapi('/statements', { method: 'POST', auth: bearer, body: voiding(mine, me) })).statusCode).toBe(200);
    expect((await xapi(`/statements${q({ statementId: aboutMe })}`)).statusCode).toBe(200);
  });
});

describe('queries', () => {
  it('filters by agent, verb, activity, registration, related agents and activities', async () => {
    const actor = { mbox: mbox() };
    const other = { mbox: mbox() };
    const activity = activityId();
    const registration = randomUUID();
    const verb = { id: `https://exemple.fr/verbes/${randomUUID()}` };
    const [a] = await post(statement({ actor, verb, object: { id: activity }, context: { registration } }));
    const [b] = await post(statement({ actor: other, verb, object: { id: activityId() }, context: { instructor: actor, contextActivities: { grouping: [{ id: activity }] } } }));
    const ids = async (params: Record<string, string>) => (await xapi(`/statements${q(params)}`)).json().statements.map((s: Obj) => s.id);
    expect(await ids({ agent: JSON.stringify(actor) })).toEqual([a]);
    expect(await ids({ agent: JSON.stringify(actor), related_agents: 'true' })).toEqual([b, a]);
    expect(await ids({ verb: verb.id })).toEqual([b, a]);
    expect(await ids({ verb: verb.id, ascending: 'true' })).toEqual([a, b]);
    expect(await ids({ activity })).toEqual([a]);
    expect(await ids({ activity, related_activities: 'true' })).toEqual([b, a]);
    expect(await ids({ registration })).toEqual([a]);
    const stored = String((await getOne(a)).stored);
    expect(await ids({ verb: verb.id, until: stored })).toEqual([a]);
    expect(await ids({ verb: verb.id, since: stored })).toEqual([b]);
  });

  it('pages with limit and more, stable while statements arrive', async () => {
    const verb = { id: `https://exemple.fr/verbes/${randomUUID()}` };
    const ids = await post([statement({ verb }), statement({ verb }), statement({ verb })]);
    const first = (await xapi(`/statements${q({ verb: verb.id, limit: '2' })}`)).json();
    expect(first.statements.map((s: Obj) => s.id)).toEqual([ids[2], ids[1]]);
    await post(statement({ verb }));
    const second = (await t.app.inject({ method: 'GET', url: first.more, headers: { authorization: basic, 'x-experience-api-version': '1.0.3' } })).json();
    expect([second.statements.map((s: Obj) => s.id), second.more]).toEqual([[ids[0]], '']);
  });

  it('refuses what GET statements does not take: statementId with a filter, both ids, unknown or malformed parameters', async () => {
    const bad: Record<string, string>[] = [
      { statementId: randomUUID(), verb: VERB.id },
      { statementId: randomUUID(), voidedStatementId: randomUUID() },
      { colour: 'blue' },
      { agent: '{not json' },
      { agent: JSON.stringify({ name: 'no identifier' }) },
      { since: 'yesterday' },
      { limit: '-1' },
      { format: 'full' },
      { ascending: 'yes' },
      { more: 'forged' },
    ];
    for (const params of bad) expect([JSON.stringify(params), (await xapi(`/statements${q(params)}`)).statusCode]).toEqual([JSON.stringify(params), 400]);
  });

  it('answers format=ids with identifiers only, and canonical in the language asked for', async () => {
    const actor = { objectType: 'Agent', name: 'Nom', mbox: mbox() };
    const [id] = await post(statement({ actor }));
    const ids = (await xapi(`/statements${q({ statementId: id, format: 'ids' })}`)).json();
    expect([ids.actor, ids.verb, Object.keys(ids.object)]).toEqual([{ objectType: 'Agent', mbox: actor.mbox }, { id: VERB.id }, ['id']]);
    const canonical = (await xapi(`/statements${q({ statementId: id, format: 'canonical' })}`, { headers: { 'accept-language': 'fr-FR' } })).json();
    expect([canonical.verb.display, (canonical.object.definition as Obj).name]).toEqual([{ 'fr-FR': 'a découvert' }, { 'fr-FR': 'Une activité' }]);
    expect((await getOne(id)).verb).toEqual(VERB);
  });
});

describe('attachments and signatures', () => {
  const usageType = 'https://exemple.fr/usages/rapport';
  function multipart(s: Obj | Obj[], parts: { content: Buffer; hash?: string; type?: string }[]) {
    const boundary = `limite${randomUUID()}`;
    const chunks: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(s)}\r\n`)];
    for (const part of parts) {
      const hash = part.hash ?? createHash('sha256').update(part.content).digest('hex');
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: ${part.type ?? 'text/plain'}\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${hash}\r\n\r\n`), part.content, Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--`));
    return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/mixed; boundary=${boundary}` } };
  }
  const attachment = (content: Buffer, extra: Obj = {}) => ({
    usageType, display: { 'fr-FR': 'Rapport' }, contentType: 'text/plain', length: content.length, sha2: createHash('sha256').update(content).digest('hex'), ...extra,
  });

  it('stores an attachment sent as multipart/mixed and answers it with attachments=true', async () => {
    const content = Buffer.from(`Rapport ${randomUUID()}`);
    const response = await xapi('/statements', { method: 'POST', ...multipart(statement({ attachments: [attachment(content)] }), [{ content }]) });
    expect(response.statusCode).toBe(200);
    const [id] = response.json();
    const answer = await xapi(`/statements${q({ statementId: id, attachments: 'true' })}`);
    expect(answer.headers['content-type']).toMatch(/^multipart\/mixed; boundary=/);
    expect(answer.body).toContain(content.toString());
    expect(answer.body).toContain(`X-Experience-API-Hash: ${attachment(content).sha2}`);
  });

  it('refuses a part whose content does not match its hash, a declared attachment without part or fileUrl, a part no statement declares', async () => {
    const content = Buffer.from('contenu');
    const wrongHash = multipart(statement({ attachments: [attachment(content)] }), [{ content, hash: createHash('sha256').update('autre').digest('hex') }]);
    expect((await xapi('/statements', { method: 'POST', ...wrongHash })).statusCode).toBe(400);
    expect((await xapi('/statements', { method: 'POST', body: statement({ attachments: [attachment(content)] }) })).statusCode).toBe(400);
    expect((await xapi('/statements', { method: 'POST', ...multipart(statement(), [{ content }]) })).statusCode).toBe(400);
    expect((await xapi('/statements', { method: 'POST', body: statement({ attachments: [attachment(content, { fileUrl: 'https://exemple.fr/rapport.txt' })] }) })).statusCode).toBe(200);
  });

  it('accepts a statement signed with RS256 and refuses another algorithm or a signature that is not application/octet-stream', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signed = (s: Obj, alg: string, contentType = 'application/octet-stream') => {
      const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const input = `${encode({ alg })}.${encode(s)}`;
      const signature = alg.startsWith('RS') ? rsaSign('sha256', Buffer.from(input), privateKey).toString('base64url') : 'c2lnbmF0dXJl';
      const jws = Buffer.from(`${input}.${signature}`);
      const usage = { usageType: 'http://adlnet.gov/expapi/attachments/signature', display: { 'en-US': 'Signature' }, contentType, length: jws.length, sha2: createHash('sha256').update(jws).digest('hex') };
      return multipart({ ...s, attachments: [usage] }, [{ content: jws, type: contentType }]);
    };
    expect((await xapi('/statements', { method: 'POST', ...signed(statement(), 'RS256') })).statusCode).toBe(200);
    expect((await xapi('/statements', { method: 'POST', ...signed(statement(), 'HS256') })).statusCode).toBe(400);
    expect((await xapi('/statements', { method: 'POST', ...signed(statement(), 'RS256', 'text/plain') })).statusCode).toBe(400);
  });
});

describe('the alternate request syntax', () => {
  it('reads the method, headers, parameters and content from a form POST', async () => {
    const [id] = await post(statement());
    const form = new URLSearchParams({ Authorization: basic, 'X-Experience-API-Version': '1.0.3', statementId: id }).toString();
    const response = await t.app.inject({ method: 'POST', url: '/api/xapi/statements?method=GET', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect([response.statusCode, response.json().id]).toEqual([200, id]);
    const put = new URLSearchParams({ Authorization: basic, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'application/json', statementId: randomUUID(), content: JSON.stringify(statement()) });
    expect((await t.app.inject({ method: 'POST', url: '/api/xapi/statements?method=PUT', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: put.toString() })).statusCode).toBe(204);
    const extra = await t.app.inject({ method: 'POST', url: `/api/xapi/statements?method=GET&statementId=${id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    expect(extra.statusCode).toBe(400);
    const twoLines = new URLSearchParams({ Authorization: basic, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'text/plain\r\nX-Injected: 1', statementId: id }).toString();
    expect((await t.app.inject({ method: 'POST', url: '/api/xapi/statements?method=GET', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: twoLines })).statusCode).toBe(400);
  });
});

describe('document resources', () => {
  const agent = () => JSON.stringify({ objectType: 'Agent', mbox: mbox() });

  it('stores, merges, lists and deletes states, with ETags', async () => {
    const base = { activityId: activityId(), agent: agent() };
    const at = (extra: Record<string, string>) => `/activities/state${q({ ...base, ...extra })}`;
    expect((await xapi(at({ stateId: 'a' }), { method: 'POST', body: { car: 'MKX', colour: 'red' } })).statusCode).toBe(204);
    expect((await xapi(at({ stateId: 'a' }), { method: 'POST', body: { car: 'MKZ' } })).statusCode).toBe(204);
    const got = await xapi(at({ stateId: 'a' }));
    expect([got.json(), got.headers.etag]).toEqual([{ car: 'MKZ', colour: 'red' }, `"${createHash('sha1').update(got.rawPayload).digest('hex')}"`]);
    expect((await xapi(at({ stateId: 'b' }), { method: 'PUT', body: 'du texte', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(204);
    expect((await xapi(at({ stateId: 'b' }), { method: 'POST', body: { a: 1 } })).statusCode).toBe(400);
    const odd = new URLSearchParams({ Authorization: basic, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'pas un type', ...base, stateId: 'c', content: 'octets' });
    const viaForm = await t.app.inject({ method: 'POST', url: '/api/xapi/activities/state?method=PUT', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: odd.toString() });
    expect(viaForm.statusCode).toBe(204);
    expect((await xapi(at({ stateId: 'c' }))).headers['content-type']).toBe('application/octet-stream');
    expect((await xapi(at({}))).json()).toEqual(['a', 'b', 'c']);
    expect((await xapi(at({ since: '2999-01-01T00:00:00Z' }))).json()).toEqual([]);
    expect((await xapi(at({}), { method: 'DELETE' })).statusCode).toBe(204);
    expect((await xapi(at({ stateId: 'a' }))).statusCode).toBe(404);
    expect((await xapi(`/activities/state${q({ activityId: 'not an iri', agent: agent(), stateId: 'a' })}`)).statusCode).toBe(400);
    expect((await xapi(`/activities/state${q({ activityId: activityId(), stateId: 'a' })}`)).statusCode).toBe(400);
  });

  it('holds profiles to If-Match / If-None-Match: a new one needs If-None-Match, an existing one its ETag', async () => {
    for (const [path, params] of [
      ['/activities/profile', { activityId: activityId(), profileId: 'p' }],
      ['/agents/profile', { agent: agent(), profileId: 'p' }],
    ] as const) {
      const url = `${path}${q(params)}`;
      expect((await xapi(url, { method: 'PUT', body: { v: 1 } })).statusCode).toBe(400);
      expect((await xapi(url, { method: 'PUT', body: { v: 1 }, headers: { 'if-none-match': '*' } })).statusCode).toBe(204);
      expect((await xapi(url, { method: 'PUT', body: { v: 2 } })).statusCode).toBe(409);
      expect((await xapi(url, { method: 'PUT', body: { v: 2 }, headers: { 'if-none-match': '*' } })).statusCode).toBe(412);
      expect((await xapi(url, { method: 'PUT', body: { v: 2 }, headers: { 'if-match': '"0000"' } })).statusCode).toBe(412);
      const etag = String((await xapi(url)).headers.etag);
      expect((await xapi(url, { method: 'PUT', body: { v: 2 }, headers: { 'if-match': etag } })).statusCode).toBe(204);
      expect((await xapi(url)).json()).toEqual({ v: 2 });
    }
  });

  it('records each document write as an event naming its address and content by sha256 only', async () => {
    const params = { activityId: activityId(), agent: agent(), stateId: 'secret' };
    await xapi(`/activities/state${q(params)}`, { method: 'PUT', body: { name: 'Personne' } });
    const [event] = await db.query<{ payload: Obj }>(`select payload from eventlog.event where event_type = 'XapiDocumentStored' order by position desc limit 1`);
    expect(event.payload).toEqual({ kind: 'state', key: expect.stringMatching(/^[0-9a-f]{64}$/), sha256: createHash('sha256').update(JSON.stringify({ name: 'Personne' })).digest('hex'), length: 19 });
  });

  it('answers /activities with every language of the activity seen in statements, and /agents with a Person', async () => {
    const id = activityId();
    await post(statement({ object: { id, definition: { name: { 'en-US': 'Meeting' } } } }));
    await post(statement({ object: { id, definition: { name: { 'fr-FR': 'Réunion' } } } }));
    expect((await xapi(`/activities${q({ activityId: id })}`)).json()).toEqual({ objectType: 'Activity', id, definition: { name: { 'en-US': 'Meeting', 'fr-FR': 'Réunion' } } });
    const person = (await xapi(`/agents${q({ agent: JSON.stringify({ name: 'Léa', mbox: 'mailto:lea@exemple.fr' }) })}`)).json();
    expect(person).toEqual({ objectType: 'Person', name: ['Léa'], mbox: ['mailto:lea@exemple.fr'] });
    expect((await xapi(`/agents${q({ agent: '{}' })}`)).statusCode).toBe(400);
  });
});

describe('sessions: the player, trainers and admins', () => {
  const me = (student: GivenStudent) => ({ objectType: 'Agent', account: { homePage: home, name: String(student.studentId) } });

  it("lets a student post through the spec's POST /xapi/statements/ only about themselves, as their account, and read only their own", async () => {
    const student = await givenStudent(t);
    const other = await givenStudent(t);
    const bearer = `Bearer ${student.token}`;
    const body = { actor: me(student), verb: VERB, object: { id: activityId() }, result: { completion: true }, timestamp: new Date().toISOString() };
    const response = await t.app.inject({ method: 'POST', url: '/api/xapi/statements/', headers: { authorization: bearer, 'x-experience-api-version': '1.0.3', 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(response.statusCode).toBe(200);
    const [id] = response.json();
    expect((await getOne(id, bearer)).authority).toEqual(me(student));
    expect((await xapi('/statements', { method: 'POST', auth: bearer, body: { ...body, actor: me(other) } })).statusCode).toBe(403);
    expect((await xapi('/statements', { method: 'POST', auth: bearer, body: { ...body, actor: { mbox: `mailto:${student.email}` } } })).statusCode).toBe(403);
    const [foreign] = await post(statement({ actor: me(other) }));
    expect((await xapi(`/statements${q({ statementId: foreign })}`, { auth: bearer })).statusCode).toBe(404);
    expect((await xapi('/statements', { auth: bearer })).json().statements.map((s: Obj) => s.id)).toEqual([id]);
    expect((await xapi('/statements', { auth: 'Bearer not-a-token' })).statusCode).toBe(401);
  });

  it("writes the player's statements from learning progress, which the course's trainer and admins read and other trainers do not", async () => {
    const teacher = await givenTeacher(t);
    const stranger = await givenTeacher(t);
    const course = await givenCourse(t, { teacherId: teacher.teacherId, chapters: [{ title: 'Lire', contentType: 'text', duration: 0, textContent: 'Bonjour' }] });
    const student = await givenStudent(t);
    await givenEnrolled(t, student, course);
    const [chapter] = await db.query<{ id: number }>('select id from catalogue.chapter where course_id = $1', [course.courseId]);
    for (const validated of [false, true]) {
      const response = await call(t, 'POST', '/api/progress/', student.token, { student: student.studentId, course: course.courseId, content_type: 'text', chapter: chapter.id, validated });
      expect(response.statusCode).toBe(201);
    }
    const courseIri = `${home}/xapi/activities/course/${course.courseId}`;
    const statements = await eventually(async () => {
      const page = (await xapi(`/statements${q({ activity: courseIri, related_activities: 'true', ascending: 'true' })}`, { auth: `Bearer ${teacher.token}` })).json();
      expect(page.statements.map((s: Obj) => (s.verb as Obj).id)).toEqual(expect.arrayContaining(['http://adlnet.gov/expapi/verbs/launched', 'http://adlnet.gov/expapi/verbs/completed']));
      return page.statements as Obj[];
    }, 10000);
    const completed = statements.find((s) => (s.verb as Obj).id === 'http://adlnet.gov/expapi/verbs/completed')!;
    expect(completed).toEqual(expect.objectContaining({
      actor: { objectType: 'Agent', account: { homePage: home, name: String(student.studentId) } },
      object: expect.objectContaining({ id: `${courseIri}/chapter/${chapter.id}` }),
      authority: { objectType: 'Agent', name: 'LMS', account: { homePage: home, name: 'platform' } },
    }));
    expect(JSON.stringify(statements)).not.toContain(student.email);
    const forStranger = (await xapi(`/statements${q({ activity: courseIri, related_activities: 'true' })}`, { auth: `Bearer ${stranger.token}` })).json();
    expect(forStranger.statements).toEqual([]);
    expect((await xapi(`/statements${q({ statementId: String(completed.id) })}`, { auth: `Bearer ${admin.token}` })).statusCode).toBe(200);
    expect((await xapi('/statements', { method: 'POST', auth: `Bearer ${teacher.token}`, body: statement() })).statusCode).toBe(403);
  });
});

describe('batches stored set-based (issue 31)', () => {
  const VOIDED = 'http://adlnet.gov/expapi/verbs/voided';
  const uniqueVerb = () => ({ id: `https://exemple.fr/verbes/${randomUUID()}` });
  const countOf = async (table: 'statement' | 'event', ids: string[]) => {
    const sql =
      table === 'statement'
        ? `select count(*)::int as count from xapi.statement where id = any($1::uuid[])`
        : `select count(*)::int as count from eventlog.event where stream_type = 'xapi.statement' and stream_id = any($1::text[])`;
    return (await db.query<{ count: number }>(sql, [ids]))[0].count;
  };
  const morePage = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { authorization: basic, 'x-experience-api-version': '1.0.3' } })).json();

  it('stores a batch of 200 with one event each, in order, or none of it when one statement is refused, before or after the insert', async () => {
    const verb = uniqueVerb();
    const batch = Array.from({ length: 200 }, () => statement({ id: randomUUID(), verb }));
    const ids = batch.map((s) => String(s.id));
    expect(await post(batch)).toEqual(ids);
    expect([await countOf('statement', ids), await countOf('event', ids)]).toEqual([200, 200]);
    const page = (await xapi(`/statements${q({ verb: verb.id, ascending: 'true' })}`)).json();
    expect(page.statements.map((s: Obj) => s.id)).toEqual(ids.slice(0, 100));

    // Refused by validation (the last statement): nothing stored, no event.
    const invalid = Array.from({ length: 50 }, () => statement({ id: randomUUID() }));
    invalid.push(statement({ result: { score: { scaled: 2 } } }));
    const refused = await xapi('/statements', { method: 'POST', body: invalid });
    expect([refused.statusCode, refused.json().message]).toEqual([400, expect.stringContaining('statements[50].result.score.scaled')]);
    const invalidIds = invalid.slice(0, 50).map((s) => String(s.id));
    expect([await countOf('statement', invalidIds), await countOf('event', invalidIds)]).toEqual([0, 0]);

    // Refused in the database, after the INSERT of the others (an id stored with other content): the transaction takes everything back.
    const late = Array.from({ length: 50 }, () => statement({ id: randomUUID() }));
    late.push(statement({ id: ids[7] }));
    expect((await xapi('/statements', { method: 'POST', body: late })).statusCode).toBe(409);
    const lateIds = late.slice(0, 50).map((s) => String(s.id));
    expect([await countOf('statement', lateIds), await countOf('event', lateIds)]).toEqual([0, 0]);

    // A batch resent as is: nothing new, no second event.
    expect(await post(batch.slice(0, 10))).toEqual(ids.slice(0, 10));
    expect(await countOf('event', ids)).toBe(200);
  });

  it('voids inside a batch: a target sent earlier in the same batch, one stored before; refuses the whole batch for a voiding target or another sender', async () => {
    const [before] = await post(statement());
    const target = statement({ id: randomUUID() });
    const voiding = (id: string) => ({ id: randomUUID(), actor: { mbox: mbox() }, verb: { id: VOIDED }, object: { objectType: 'StatementRef', id } });
    const batch = [target, voiding(String(target.id)), voiding(before), statement({ id: randomUUID() })];
    await post(batch);
    for (const id of [String(target.id), before]) {
      expect((await xapi(`/statements${q({ statementId: id })}`)).statusCode).toBe(404);
      expect((await xapi(`/statements${q({ voidedStatementId: id })}`)).json().id).toBe(id);
    }
    const [event] = await db.query<{ payload: Obj }>(`select payload from eventlog.event where stream_type = 'xapi.statement' and stream_id = $1`, [batch[1].id]);
    expect(event.payload.voids).toBe(target.id);

    const voidingVoiding = [statement({ id: randomUUID() }), voiding(String(batch[1].id))];
    expect((await xapi('/statements', { method: 'POST', body: voidingVoiding })).statusCode).toBe(400);
    const inner = voiding(randomUUID());
    expect((await xapi('/statements', { method: 'POST', body: [inner, voiding(String(inner.id))] })).statusCode).toBe(400);
    const writer = await issue(['statements/write']);
    const [others] = await post(statement());
    const foreign = [statement({ id: randomUUID() }), voiding(others)];
    expect((await xapi('/statements', { method: 'POST', auth: writer, body: foreign })).statusCode).toBe(403);
    const refusedIds = [...voidingVoiding, inner, ...foreign].map((s) => String(s.id));
    expect([await countOf('statement', refusedIds), await countOf('event', refusedIds)]).toEqual([0, 0]);
    expect((await xapi(`/statements${q({ statementId: others })}`)).statusCode).toBe(200);
  });

  it('stores the definitions with the statements in the turn, and a batch resent with new statements takes only the new ones\' definitions', async () => {
    const [x, y] = [activityId(), activityId()];
    const definition = async (id: string) => (await db.query<{ definition: Obj }>('select definition from xapi.activity where id = $1', [id]))[0]?.definition;
    const first = statement({ id: randomUUID(), object: { id: x, definition: { name: { 'en-US': 'one' } } } });
    await post([first, statement({ id: randomUUID() })]);
    expect(await definition(x)).toEqual({ name: { 'en-US': 'one' } });
    await post([statement({ id: randomUUID(), object: { id: x, definition: { name: { 'en-US': 'two' }, type: 'http://adlnet.gov/expapi/activities/lesson' } } })]);
    // The first statement again (already stored: a no-op) beside a new one: x keeps its newest definition, y gets its own.
    const added = statement({ id: randomUUID(), object: { id: y, definition: { name: { 'fr-FR': 'trois' } } } });
    expect(await post([first, added])).toEqual([first.id, added.id]);
    expect(await definition(x)).toEqual({ name: { 'en-US': 'two' }, type: 'http://adlnet.gov/expapi/activities/lesson' });
    expect(await definition(y)).toEqual({ name: { 'fr-FR': 'trois' } });
    expect(await countOf('event', [String(first.id), String(added.id)])).toBe(2);
  });

  it('keeps since and more paging exact while batches arrive concurrently: no statement skipped, none repeated', async () => {
    const verb = uniqueVerb();
    const sent: string[] = [];
    let writing = true;
    const writers = Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let round = 0; round < 5; round++) sent.push(...(await post(Array.from({ length: 7 }, () => statement({ verb })))));
      }),
    ).finally(() => (writing = false));

    // A client that keeps in step: pages ascending since the newest `stored` it has seen, following `more`.
    const polled: string[] = [];
    let since: string | undefined;
    // A reader going back in time from the newest, following `more` while batches arrive.
    const chains: { ids: string[]; stored: string[] }[] = [];
    for (;;) {
      const last = !writing;
      let page = (await xapi(`/statements${q({ verb: verb.id, ascending: 'true', limit: '4', ...(since ? { since } : {}) })}`)).json();
      for (;;) {
        for (const s of page.statements as Obj[]) {
          polled.push(String(s.id));
          since = String(s.stored);
        }
        if (!page.more) break;
        page = await morePage(page.more);
      }
      if (chains.length < 3) {
        const chain = { ids: [] as string[], stored: [] as string[] };
        let back = (await xapi(`/statements${q({ verb: verb.id, limit: '5' })}`)).json();
        for (;;) {
          for (const s of back.statements as Obj[]) {
            chain.ids.push(String(s.id));
            chain.stored.push(String(s.stored));
          }
          if (!back.more) break;
          back = await morePage(back.more);
        }
        chains.push(chain);
      }
      if (last) break;
    }
    await writers;
    expect(sent).toHaveLength(210);
    expect(new Set(polled).size).toBe(polled.length);
    expect([...polled].sort()).toEqual([...sent].sort());

    const all = await db.query<{ id: string; stored: Date }>(`select id::text as id, stored from xapi.statement where verb_id = $1`, [verb.id]);
    for (const chain of chains) {
      expect(new Set(chain.ids).size).toBe(chain.ids.length);
      expect([...chain.stored].sort().reverse()).toEqual(chain.stored);
      // Exactly the statements stored up to the newest the chain began with (a batch is seen whole or not at all).
      const newest = chain.stored.length ? Date.parse(chain.stored[0]) : -Infinity;
      expect([...chain.ids].sort()).toEqual(all.filter((s) => s.stored.getTime() <= newest).map((s) => s.id).sort());
    }
  });

  it('lets no batch that commits late hide behind a later one: a poller by since misses neither', async () => {
    const verb = uniqueVerb();
    const held = activityId();
    await post(statement({ object: { id: held, definition: { name: { 'fr-FR': 'Retenue' } } } }));
    // A batch stopped in its transaction (after its statements' insert, at the activity's upsert) by a row lock of this test.
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    // Read outside the blocker's transaction, which would keep seeing its first snapshot of pg_stat_activity.
    const waiting = async () => (await db.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`))[0].n;
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from xapi.activity where id = $1 for update', [held]);
      const early = post([statement({ verb, object: { id: held, definition: { name: { 'en-US': 'Held' } } } }), statement({ verb })]);
      await eventually(async () => expect(await waiting()).toBe(1), 10000);
      let laterDone = false;
      const later = post([statement({ verb }), statement({ verb })]).finally(() => (laterDone = true));
      // The later batch either waits for its turn or (without the writers' turns) commits first.
      await eventually(async () => expect(laterDone || (await waiting()) === 2).toBe(true), 10000);
      const polled: string[] = [];
      let since: string | undefined;
      const poll = async () => {
        const page = (await xapi(`/statements${q({ verb: verb.id, ascending: 'true', ...(since ? { since } : {}) })}`)).json();
        for (const s of page.statements as Obj[]) {
          polled.push(String(s.id));
          since = String(s.stored);
        }
      };
      await poll();
      await blocker.query('commit');
      const ids = [...(await early), ...(await later)];
      await poll();
      expect([...polled].sort()).toEqual([...ids].sort());
    } finally {
      await blocker.end();
    }
  });

  it('npm run xapi:verify matches every statement of the batches with its event', async () => {
    const first = await post(Array.from({ length: 30 }, () => statement()));
    const second = await post([...Array.from({ length: 30 }, () => statement()), { actor: { mbox: mbox() }, verb: { id: VOIDED }, object: { objectType: 'StatementRef', id: first[0] } }]);
    const ours = new Set([...first, ...second]);
    const report = output();
    await xapiVerifyCommand(['--json'], { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir }, report.out);
    const json = JSON.parse(report.lines.log.join(''));
    // The database is shared with the test above that alters and deletes a statement on purpose: only these batches' statements are looked at.
    expect(json.mismatches.filter((m: { statementId: string }) => ours.has(m.statementId))).toEqual([]);
    expect(json.statements).toBeGreaterThanOrEqual(61);
    await db.query(`update xapi.statement set statement = jsonb_set(statement, '{stored}', '"2020-01-01T00:00:00.000Z"') where id = $1`, [second[3]]);
    const after = output();
    expect(await xapiVerifyCommand(['--json'], { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir }, after.out)).toBe(1);
    expect(JSON.parse(after.lines.log.join('')).mismatches).toContainEqual({ statementId: second[3], problem: 'altered' });
  });

  it('takes `stored` from the server clock when it is after the newest stored and the newest Consistent-Through answered, else 1 ms after them, and stores the form its event hashed either way', async () => {
    const newest = async () => new Date((await db.query<{ stored: Date }>(`select max(stored) as stored from xapi.statement`))[0].stored).getTime();
    const answered = async () => new Date((await db.query<{ answered: Date }>(`select answered from xapi.consistency`))[0].answered).getTime();
    // What the rule gives a batch: the clock's instant, unless a statement committed before it (a lower seq), or an answer of
    // X-Experience-API-Consistent-Through given before it (migration 122), has that one or a later one.
    const expectedFor = async (ids: string[], clock: Date, answeredBefore: number) => {
      const [{ stored }] = await db.query<{ stored: Date | null }>(
        `select max(stored) as stored from xapi.statement where seq < (select min(seq) from xapi.statement where id = any($1::uuid[]))`,
        [ids],
      );
      const after = Math.max(stored === null ? 0 : new Date(stored).getTime(), answeredBefore);
      return new Date(Math.max(clock.getTime(), after + 1)).toISOString();
    };
    const rowsOf = async (ids: string[]) =>
      db.query<{ stored: Date; json_stored: string; sha256: string; event_sha256: string; canonical: string }>(
        `select s.stored, s.statement ->> 'stored' as json_stored, s.sha256, e.payload ->> 'sha256' as event_sha256, s.statement::text as canonical
           from xapi.statement s join eventlog.event e on e.stream_type = 'xapi.statement' and e.stream_id = s.id::text where s.id = any($1::uuid[])`,
        [ids],
      );
    try {
      // A clock an hour behind the newest stored (another node's, or set back): after the newest, never before it.
      const before = await newest();
      const behindClock = new Date(before - 3_600_000);
      t.clock.set(behindClock);
      const answeredBeforeBehind = await answered();
      const behind = await post([statement(), statement()]);
      // A clock ahead of the newest: its own instant (the stored forms made before the turn serve as they are).
      const aheadClock = new Date(Math.max(await newest(), await answered()) + 1_000);
      t.clock.set(aheadClock);
      const answeredBeforeAhead = await answered();
      const ahead = await post([statement(), statement()]);
      for (const [ids, clock, answeredBefore] of [[behind, behindClock, answeredBeforeBehind], [ahead, aheadClock, answeredBeforeAhead]] as const) {
        const expected = await expectedFor([...ids], clock, answeredBefore);
        const rows = await rowsOf([...ids]);
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect([new Date(row.stored).toISOString(), row.json_stored]).toEqual([expected, expected]);
          expect(row.event_sha256).toBe(row.sha256);
          expect(sha256Hex(canonicalJson(JSON.parse(row.canonical)))).toBe(row.sha256);
        }
      }
      expect(Date.parse((await rowsOf([...behind]))[0].json_stored)).toBeGreaterThan(before);
    } finally {
      t.clock.release();
    }
  });

  it('refuses more statements than a request may carry (413, in English), storing none', async () => {
    const tooMany = Array.from({ length: 10_001 }, () => ({ actor: { mbox: 'mailto:a@exemple.fr' }, verb: { id: VOIDED }, object: { id: 'https://exemple.fr/a' } }));
    const response = await xapi('/statements', { method: 'POST', body: tooMany });
    expect([response.statusCode, response.json().message]).toEqual([413, expect.stringContaining('at most 10000 statements per request')]);
  });

  it('names the refused characters and numbers in English, as every other xAPI refusal', async () => {
    const nul = await xapi('/statements', { method: 'POST', body: statement({ result: { response: 'a\u0000b' } }) });
    expect(nul.json().message).toBe('statement.result.response: contains a character that is not allowed (U+0000)');
    const huge = await xapi('/statements', { method: 'POST', body: '{"actor":{"mbox":"mailto:a@exemple.fr"},"verb":{"id":"https://exemple.fr/v"},"object":{"id":"https://exemple.fr/a"},"result":{"score":{"raw":1e400}}}' });
    expect([huge.statusCode, huge.json().message]).toEqual([400, 'statement.result.score.raw: contains a number out of range']);
    const query = await xapi(`/statements${q({ verb: 'https://exemple.fr/\u202Ev' })}`);
    expect([query.statusCode, query.json().message]).toEqual([400, 'verb: contains a character that is not allowed (U+202E)']);
  });
});
