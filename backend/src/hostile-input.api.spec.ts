/**
 * Bad input never answers 500 (docs/adr/0009-input-hygiene.md). This file walks every operation of
 * the app's own OpenAPI document, so an endpoint added later is covered without anyone listing it:
 * each gets malformed multipart, deeply nested JSON, control characters in every string field,
 * hostile ids, wrong types, sizes and content types, anonymously and with a token of each role.
 * Every answer must be a 4xx JSON body with a French `message`, and the database must not change.
 *
 * One app for the file, started as the file loads so that its own document gives each operation
 * its own test (named by it); an operation's probes, for every role, run sixteen at a time (enough
 * to keep the app busy while others wait on the database or on a busy machine's scheduler), each
 * with its own deadline; the database is fingerprinted after each operation, so a write is pinned on
 * the operation that made it.
 */
import pg from 'pg';
import { DEMO_ACCOUNTS } from './demo/demo-accounts.js';
import { seedDemoData } from './demo/demo-data.js';
import { eventually } from './platform/testing/eventually.js';
import { startTestApp, type TestApp } from './testing/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Role = 'anonyme' | 'student' | 'teacher' | 'admin';

interface SchemaObject {
  type?: string;
  format?: string;
  $ref?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  allOf?: SchemaObject[];
  items?: SchemaObject;
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: SchemaObject;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
}

interface OpenApiDocument {
  paths: Record<string, Partial<Record<Lowercase<Method>, OpenApiOperation>>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

interface Operation {
  method: Method;
  path: string;
  pathParams: { name: string; numeric: boolean }[];
  queryParams: { name: string; numeric: boolean }[];
  /** The request body's declared fields by kind. */
  stringFields: string[];
  numberFields: string[];
  /** Every declared field of the JSON body, and those it requires. */
  jsonFields: string[];
  requiredFields: string[];
  declaredBody: boolean;
}

interface Probe {
  label: string;
  method: Method;
  url: string;
  role: Role;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** The exact status expected; otherwise any 4xx. */
  status?: number | number[];
  /** A field the answer's `errors` must name. */
  field?: string;
  /** Only "never a 5xx" holds: a body on a GET (Fastify does not read it), odd text in a free-text parameter. */
  mayPass?: boolean;
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ROLES: Role[] = ['anonyme', 'student', 'teacher', 'admin'];
const GENERIC_FIELDS = ['name', 'title', 'description', 'text', 'comment', 'reviews'];
/** Ids the brief names, and ids a lax parser (Number, parseInt) would read as an existing one. */
const HOSTILE_IDS = ['0x10', '1e3', '0', '-1', '2147483648', 'abc', '0x1', '1e0', '01', '+1', '1.0', '%201', '1%00', '99999999999999999999'];
/** The paging parameters every list shares (architecture §4), numbers even where the document says text. */
const ID_LIKE = /^page(_size)?$/;
/**
 * Values of a numeric body field that JSON can tell apart from a plain positive integer. (Not null:
 * on a POST it is a field left out, which an optional id may be; nullProbes sends it everywhere.)
 */
const HOSTILE_NUMBERS = ['"0x1"', '"1e0"', '"01"', '"+1"', '"1.0"', '" 1"', '"abc"', '"99999999999999999999"', '1e400', '-1', '0', '2147483648', '1.5', 'true', '[1]', '{}'];
/** Refused everywhere: C0 controls but tab, newline and CR; DEL; C1; bidi overrides and isolates; lone surrogates. */
const CONTROLS = ['\u0001', '\u001b', '\u007f', '\u0085', '\u009b', '\u202a', '\u202e', '\u2066', '\u2069', '\ud800'];
/** Messages of a framework that leaked through untranslated. */
const ENGLISH = /\b(must|should|cannot|not found|unexpected|invalid|error|request|property|value|allowed|expected|the)\b/i;
const FRENCH = /[àâçéèêëîïôûùœ«»]|\b(le|la|les|un|une|des|du|de|est|doit|pas|ne|au|aux|introuvable|invalide|identifiant|requête|trop)\b/i;

/** Far beyond what one request takes, even on a busy machine: only a request left hanging reaches it. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Requests in flight at once. */
const CONCURRENCY = 16;

let db: pg.Client;
const tokens: Partial<Record<Role, string>> = {};
const profileIds: Record<Role, number> = { anonyme: 1, student: 1, teacher: 1, admin: 1 };

/** The fields a schema requires (its own and its parts'). */
function requiredOf(document: OpenApiDocument, schema: SchemaObject | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return requiredOf(document, document.components?.schemas?.[schema.$ref.split('/').at(-1)!]);
  return [...(schema.required ?? []), ...(schema.allOf ?? []).flatMap((part) => requiredOf(document, part))];
}

function resolve(document: OpenApiDocument, schema: SchemaObject | undefined, seen = new Set<string>()): Record<string, SchemaObject> {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    if (seen.has(name)) return {};
    return resolve(document, document.components?.schemas?.[name], new Set([...seen, name]));
  }
  const own = schema.properties ?? {};
  return Object.assign({}, ...(schema.allOf ?? []).map((part) => resolve(document, part, seen)), own);
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method.toLowerCase() as Lowercase<Method>];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const fields = Object.values(content).reduce<Record<string, SchemaObject>>((all, c) => ({ ...all, ...resolve(document, c.schema) }), {});
      const isText = (s: SchemaObject) => (s.type ?? 'string') === 'string' && s.format !== 'binary';
      const isNumber = (s: SchemaObject) => s.type === 'number' || s.type === 'integer';
      const declared = Object.keys(fields).length > 0;
      const json = content['application/json']?.schema;
      out.push({
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, numeric: p.schema ? isNumber(p.schema) : false })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, numeric: (p.schema ? isNumber(p.schema) : false) || ID_LIKE.test(p.name) })),
        stringFields: Object.entries(fields).filter(([, s]) => isText(s)).map(([name]) => name),
        numberFields: Object.entries(fields).filter(([, s]) => isNumber(s)).map(([name]) => name),
        jsonFields: Object.keys(resolve(document, json)),
        requiredFields: requiredOf(document, json),
        declaredBody: declared,
      });
    }
  }
  return out;
}

/** The operation's path with valid ids (the caller's own profile) except `override`. */
function urlOf(op: Operation, role: Role, override: Record<string, string> = {}, query = ''): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name in override) return override[name];
    const param = op.pathParams.find((p) => p.name === name);
    return param?.numeric === false ? 'texte' : String(profileIds[role]);
  });
  return query ? `${path}?${query}` : path;
}

/** A JSON body with a harmless value in every declared field and `overrides` (raw JSON texts). */
function jsonBody(op: Operation, overrides: Record<string, string>): string {
  const entries = [...op.stringFields.map((f) => [f, JSON.stringify('Texte')]), ...op.numberFields.map((f) => [f, '1'])];
  const values = new Map(entries as [string, string][]);
  for (const [field, raw] of Object.entries(overrides)) values.set(field, raw);
  return `{${[...values].map(([field, raw]) => `${JSON.stringify(field)}:${raw}`).join(',')}}`;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
/** The large values, made once for the whole walk. */
const TWO_MEGABYTES_JSON = JSON.stringify('a'.repeat(2 * 1024 * 1024));
const FIELD_150_KB = 'a'.repeat(150_000);
const BOUNDARY = '----sonde';

function multipart(fields: Record<string, string>, { cut = false } = {}): Buffer {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const text = parts.join('') + `--${BOUNDARY}--\r\n`;
  return Buffer.from(cut ? text.slice(0, text.indexOf('\r\n\r\n') + 6) : text);
}

/** Every hostile request for one operation and one role. */
function probesFor(op: Operation, role: Role): Probe[] {
  const url = urlOf(op, role);
  const base = { method: op.method, role };
  const probes: Probe[] = [];

  // Hostile ids in each numeric path parameter, without a body: refused, never read as another id.
  for (const param of op.pathParams) {
    const values = [...(param.numeric ? HOSTILE_IDS : ['a%00b', '%1B%5B31m', '%E2%80%AE', '%C2%85']), '%ZZ', '%C0%80', '%ED%A0%80'];
    for (const value of values) {
      probes.push({ ...base, label: `${param.name}=${value}`, url: urlOf(op, role, { [param.name]: value }), status: param.numeric ? [400, 401, 403, 404] : undefined });
    }
  }
  // A NUL byte and other controls in every query parameter (a generic one when none is declared),
  // and hostile ids in every numeric one; in a text one they may be a legitimate search.
  for (const { name, numeric } of op.queryParams.length ? op.queryParams : [{ name: 'search', numeric: false }]) {
    // (On a write, a harmless query string would let the write through: only numeric ones there.)
    for (const value of numeric || op.method === 'GET' ? HOSTILE_IDS : []) {
      probes.push({ ...base, label: `?${name}=${value}`, url: urlOf(op, role, {}, `${name}=${value}`), ...(numeric ? { status: [400, 401, 403], field: name } : { mayPass: true }) });
    }
    probes.push({ ...base, label: `?${name}=NUL`, url: urlOf(op, role, {}, `${name}=a%00b`), status: 400, field: name });
    probes.push({ ...base, label: `?${name}=U+202E`, url: urlOf(op, role, {}, `${name}=a%E2%80%AEb`), status: 400, field: name });
  }

  // Bodies: sent on every method (a GET body must not break anything either).
  probes.push(
    { ...base, label: 'multipart sans boundary', url, headers: { 'content-type': 'multipart/form-data' }, payload: 'a=1', status: 400 },
    { ...base, label: 'multipart coupé', url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart({ name: 'Léa' }, { cut: true }), status: 400 },
    { ...base, label: 'multipart sans aucune partie', url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: "n'importe quoi", status: 400 },
    { ...base, label: 'tableaux imbriqués ×5000', url, headers: JSON_HEADERS, payload: '['.repeat(5000) + ']'.repeat(5000), status: 400 },
    { ...base, label: 'objets imbriqués ×5000', url, headers: JSON_HEADERS, payload: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), status: 400 },
    { ...base, label: 'JSON tronqué', url, headers: JSON_HEADERS, payload: '{"a":', status: 400 },
    { ...base, label: '__proto__', url, headers: JSON_HEADERS, payload: jsonBody(op, { ['__proto__']: '{"isAdmin":true}' }), status: 400 },
    { ...base, label: 'constructor.prototype', url, headers: JSON_HEADERS, payload: jsonBody(op, { constructor: '{"prototype":{"isAdmin":true}}' }), status: 400 },
    { ...base, label: 'corps de 2 Mo', url, headers: JSON_HEADERS, payload: jsonBody(op, { name: TWO_MEGABYTES_JSON }), status: 413 },
    { ...base, label: 'text/plain avec NUL', url, headers: { 'content-type': 'text/plain' }, payload: 'bon\u0000jour', status: 400 },
    { ...base, label: 'application/xml', url, headers: { 'content-type': 'application/xml' }, payload: '<a/>', status: 415 },
    ...['[{"a":1}]', 'null', '42', 'true'].map((payload) => ({ ...base, label: `corps JSON ${payload}`, url, headers: JSON_HEADERS, payload, status: 400 })),
    { ...base, label: 'multipart __proto__', url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart({ ['__proto__']: 'x' }), status: 400 },
  );
  // Without a declared text field, undeclared ones: the request class would drop them, but they must not get that far.
  const textFields = op.stringFields.length ? op.stringFields : GENERIC_FIELDS;
  probes.push(
    // Cut short by the field-size limit, a value would be stored truncated: refused instead.
    { ...base, label: 'multipart champ de 150 Ko', url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart({ [textFields[0]]: FIELD_150_KB }), status: 400, field: textFields[0] },
    { ...base, label: 'multipart 60 champs', url, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x']))), status: 413 },
  );
  for (const field of textFields) {
    probes.push({ ...base, label: `${field}=NUL`, url, headers: JSON_HEADERS, payload: jsonBody(op, { [field]: JSON.stringify('Léa\u0000Dubois') }), status: 400, field });
    probes.push({
      ...base, label: `${field}=NUL (multipart)`, url,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart({ [field]: 'Léa\u0000Dubois' }),
      status: 400, field,
    });
  }
  for (const control of CONTROLS) {
    const code = `U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    const overrides = Object.fromEntries(textFields.map((f) => [f, JSON.stringify(`Léa${control}Dubois`)]));
    probes.push({ ...base, label: `${code} dans chaque champ texte`, url, headers: JSON_HEADERS, payload: jsonBody(op, overrides), status: 400, field: textFields[0] });
  }
  probes.push({ ...base, label: 'NUL dans un nom de champ', url, headers: JSON_HEADERS, payload: jsonBody(op, { 'a\u0000b': '"x"' }), status: 400 });
  probes.push({ ...base, label: 'NUL dans un tableau imbriqué', url, headers: JSON_HEADERS, payload: jsonBody(op, { extra: '[{"x":["a\\u0000"]}]' }), status: 400 });

  if (op.method === 'GET') for (const probe of probes) if (probe.payload !== undefined) Object.assign(probe, { mayPass: true, status: undefined, field: undefined });

  // Wrong types and sizes where the document declares a body: all refused (4xx), nothing written.
  if (op.declaredBody) {
    const allStrings = (raw: string) => Object.fromEntries(op.stringFields.map((f) => [f, raw]));
    for (const raw of ['["Léa"]', '{"a":"Léa"}', '123', 'true']) {
      if (op.stringFields.length) probes.push({ ...base, label: `champs texte = ${raw}`, url, headers: JSON_HEADERS, payload: jsonBody(op, allStrings(raw)) });
    }
    for (const raw of HOSTILE_NUMBERS) {
      if (op.numberFields.length) {
        probes.push({ ...base, label: `champs numériques = ${raw}`, url, headers: JSON_HEADERS, payload: jsonBody(op, Object.fromEntries(op.numberFields.map((f) => [f, raw]))) });
      }
    }
  }
  probes.push(...nullProbes(op, role));
  return probes;
}

/** An id no resource has: a null probe reaches the handler, which finds nothing to change. */
const NO_SUCH_ID = '2147483647';

/**
 * JSON null in every declared field of the body (docs/adr/0009, "null"): all at once, then each in
 * turn with the other fields of a type no validator accepts. A null on POST is a field left out, on
 * PUT or PATCH it clears a nullable field and is refused on any other: never a 500. Ids in the path
 * name no resource, and a body left empty by its nulls is only sent where a field is required, so
 * that a probe that passes validation still changes nothing.
 */
function nullProbes(op: Operation, role: Role): Probe[] {
  if (op.method === 'GET' || op.jsonFields.length === 0) return [];
  const ids = Object.fromEntries(op.pathParams.filter((p) => p.numeric).map((p) => [p.name, NO_SUCH_ID]));
  const url = urlOf(op, role, ids);
  const base = { method: op.method, role, url, headers: JSON_HEADERS };
  const body = (values: Record<string, unknown>) => JSON.stringify(values);
  const probes: Probe[] = [];
  if (op.requiredFields.length > 0 || Object.keys(ids).length > 0) {
    probes.push({ ...base, label: 'tous les champs à null', payload: body(Object.fromEntries(op.jsonFields.map((f) => [f, null]))) });
  }
  if (op.jsonFields.length > 1) {
    for (const field of op.jsonFields) {
      probes.push({ ...base, label: `${field}=null`, payload: body(Object.fromEntries(op.jsonFields.map((f) => [f, f === field ? null : [[]]]))) });
    }
  }
  return probes;
}

const TIMED_OUT = Symbol('timed out');

/** The answer to one probe, or TIMED_OUT when it has not come within REQUEST_TIMEOUT_MS. */
async function send(probe: Probe) {
  const token = tokens[probe.role];
  const answer = t.app.inject({
    method: probe.method,
    url: probe.url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...probe.headers },
    ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([answer, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with one answer, or null. */
async function check(probe: Probe): Promise<string | null> {
  const where = `${probe.method} ${probe.url.slice(0, 80)} [${probe.role}] ${probe.label}`;
  let response;
  try {
    response = await send(probe);
  } catch (error) {
    return `${where}: la requête a échoué (${String((error as Error)?.message ?? error)})`;
  }
  if (response === TIMED_OUT) return `${where}: pas de réponse en ${REQUEST_TIMEOUT_MS / 1000} s`;
  // A harmless probe may be served as it is: a file (an Excel export) is no JSON, and need not be.
  if (probe.mayPass && response.statusCode < 400 && !String(response.headers['content-type'] ?? '').includes('json')) return null;
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = response.json();
  } catch {
    return `${where}: ${response.statusCode} sans corps JSON`;
  }
  const message = typeof body.message === 'string' ? body.message : '';
  const expected = probe.status === undefined ? undefined : [probe.status].flat();
  if (response.statusCode >= 500 || (response.statusCode < 400 && !probe.mayPass)) return `${where}: ${response.statusCode} ${message || JSON.stringify(body).slice(0, 120)}`;
  if (expected && !expected.includes(response.statusCode)) return `${where}: ${response.statusCode} au lieu de ${expected.join('/')} (${message})`;
  if (response.statusCode < 400) return null;
  if (!message || ENGLISH.test(message) || !FRENCH.test(message)) return `${where}: message pas en français : ${JSON.stringify(body.message)}`;
  if (probe.field && response.statusCode === 400 && !Object.keys(body.errors ?? {}).includes(probe.field)) {
    return `${where}: le champ ${probe.field} n'est pas nommé (${JSON.stringify(body.errors)})`;
  }
  return null;
}

/** Sends the probes, CONCURRENCY in flight at any time, and returns every finding in the probes' order. */
async function findings(probes: Probe[]): Promise<string[]> {
  const found: (string | null)[] = new Array(probes.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const i = next++;
      found[i] = await check(probes[i]);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return found.filter((finding): finding is string => finding !== null);
}

/**
 * Everything a hostile request could have written: every row of every table (the event log, the
 * contexts' tables, sessions, login attempts), tables of later contexts included.
 */
async function databaseFingerprint(): Promise<Record<string, string>> {
  // pg-boss's own bookkeeping (its maintenance and supervision clocks) moves on its timers, whatever
  // the requests do; a job a request sent is in jobs.job, which stays counted.
  const { rows: tables } = await db.query<{ name: string }>(`select format('%I.%I', table_schema, table_name) as name
      from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') and table_name <> 'mikro_orm_migrations'
       and format('%I.%I', table_schema, table_name) not in ('jobs.version', 'jobs.instance')
     order by 1`);
  // One statement for all tables; per table the row count and an order-free sum of the rows' hashes
  // (no sort, no large string: cheap enough to run after every operation).
  const { rows } = await db.query<{ name: string; hash: string }>(
    tables
      .map(({ name }) => `select ${pg.escapeLiteral(name)} as name, count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)::numeric), 0) as hash from ${name} t`)
      .join(' union all '),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

/** The fingerprint once the projections caught up and two readings a moment apart agree. */
async function settledFingerprint(): Promise<Record<string, string>> {
  await eventually(async () => {
    const status = (await t.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { authorization: `Bearer ${tokens.admin}` } })).json();
    expect(status.items.every((item: { lag_events: number }) => item.lag_events === 0)).toBe(true);
  }, 60_000);
  let last = await databaseFingerprint();
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const next = await databaseFingerprint();
    if (changedTables(last, next).length === 0) return next;
    last = next;
  }
  return last;
}

/** The tables whose rows differ between two fingerprints. */
function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]).sort();
}

async function login(path: string, email: string, password: string): Promise<Record<string, unknown>> {
  const response = await t.app.inject({ method: 'POST', url: path, payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

afterAll(async () => {
  await db?.end();
  await t.close();
});

// Started when the file loads: Jest needs the operations to name a test after each of them.
const t: TestApp = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000' });
const served = await t.app.inject({ method: 'GET', url: '/api/docs-json' });
if (served.statusCode !== 200) throw new Error(`GET /api/docs-json : ${served.statusCode}`);
const operations = operationsOf(served.json());
const key = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;
/** The database as the last operation left it. */
let fingerprint: Record<string, string>;

beforeAll(async () => {
  await seedDemoData(t.app);
  db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  const { admin, teachers, students } = DEMO_ACCOUNTS;
  const student = await login('/api/student-login-jwt/', students[0].email, students[0].password);
  const teacher = await login('/api/formateur/token/', teachers[0].email, teachers[0].password);
  const administrator = await login('/api/admin/token/', admin.email, admin.password);
  Object.assign(tokens, { student: student.access, teacher: teacher.access, admin: administrator.access });
  Object.assign(profileIds, { student: student.student_id, teacher: teacher.formateur_id, admin: administrator.admin_id });
  // The projections have caught up with the seed, so the fingerprints compare a still database.
  await eventually(async () => {
    const status = (await t.app.inject({ method: 'GET', url: '/api/admin/projections', headers: { authorization: `Bearer ${tokens.admin}` } })).json();
    expect(status.items.every((item: { lag_events: number }) => item.lag_events === 0)).toBe(true);
  }, 60_000);
  fingerprint = await databaseFingerprint();
}, 120_000);

/**
 * Reads that are themselves evidence: downloading an issued document or a dossier records who read
 * which version (issue 26 item 8), so a probe that reaches a real document with a harmless query
 * string is a real download. Those writes, and only in these tables, are its outcome.
 */
const RECORDED_READS: Record<string, string[]> = {
  'GET /api/evidence/documents/{documentId}/pdf': ['eventlog.event', 'eventlog.checkpoint', 'eventlog.daily_activity', 'evidence.issued_document'],
  'GET /api/evidence/dossiers/{dossierId}/file': ['eventlog.event', 'eventlog.checkpoint', 'eventlog.daily_activity', 'evidence.generated_dossier'],
  // The public lookup counts each address's lookups to throttle them (ADR 0040).
  'GET /api/public/documents/{code}': ['evidence.public_lookup'],
  'GET /api/public/dossiers/{manifestSha256}': ['evidence.public_lookup'],
  // A visitor's complaint is counted per address before it is read, to throttle robots (ADR 0048).
  'POST /api/complaints': ['quality.filing_attempt'],
  // The public questionnaire page counts each address's calls to throttle them (ADR 0054).
  'POST /api/surveys/answer/lookup': ['satisfaction.answer_attempt'],
  'POST /api/surveys/answer': ['satisfaction.answer_attempt'],
  // Reading a conversation marks its reader present, for every node (ADR 0059): not evidence.
  'GET /api/get-message/{teacher}/{student}': ['tutoring.presence'],
};

describe('hostile input on every operation of the OpenAPI document', () => {
  it('finds the whole API in the document, writes included', () => {
    expect(operations.length).toBeGreaterThan(25);
    expect(operations.filter((op) => op.method !== 'GET').length).toBeGreaterThan(10);
    expect(operations.some((op) => op.path === '/api/student' && op.method === 'POST' && op.stringFields.includes('fullname'))).toBe(true);
    expect(Object.keys(fingerprint).length).toBeGreaterThan(10);
    // The recorded reads named below are operations of the document (a renamed route would leave its exemption behind).
    expect(Object.keys(RECORDED_READS).filter((name) => !operations.some((op) => key(op) === name))).toEqual([]);
  });

  it.each(operations.map((op) => [key(op), op] as const))('%s: a French 4xx to every hostile request of every role, and nothing stored', async (_, op) => {
    const probes = ROLES.flatMap((role) => probesFor(op, role));
    for (const role of ROLES) expect(probes.filter((probe) => probe.role === role).length).toBeGreaterThan(20);
    const found = await findings(probes);
    // A recorded read appends events whose side tables (checkpoints, daily activity) the log updates
    // just after: wait for them, so that they are not taken for the next operation's writes.
    const after = RECORDED_READS[key(op)] ? await settledFingerprint() : await databaseFingerprint();
    const written = changedTables(fingerprint, after).filter((table) => !RECORDED_READS[key(op)]?.includes(table));
    fingerprint = after;
    expect(found).toEqual([]);
    expect(written).toEqual([]);
  });

  it.each(ROLES)('kept the sessions it walked with (%s)', async (role) => {
    // The sessions survived the walk (the fingerprint counts revocations), so every probe really ran with its role.
    const own = { anonyme: '/api/category', student: `/api/student/${profileIds.student}`, teacher: `/api/teacher/${profileIds.teacher}`, admin: '/api/courses/all' }[role];
    expect((await t.app.inject({ method: 'GET', url: own, headers: tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {} })).statusCode).toBe(200);
  });
});
