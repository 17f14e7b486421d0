// Baseline of the xAPI scenarios (bench/scenarios/xapi.mjs) in bare Fastify + pg: the credential
// check (the app's select and sha256 comparison), the app's own statement validation and
// canonical form (backend/dist), the set-based insert of the app (statement-store.sql.ts) and the
// events appended through the app's own EventLog (prepareNewStreams in the turn's statement,
// appendMany otherwise) in one transaction, NOTIFY after
// commit; and the filtered read with the app's own SQL
// (statementPageQuery) and filters (readFilter).
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../lib/deps.mjs';

const dist = (path) => import(pathToFileURL(join(projectRoot, 'backend/dist', path)).href);
const [{ EventLog, eventIdFor }, { SystemClock }, { AppendNotifier }, validation, agents, queries, more, store] = await Promise.all([
  dist('platform/event-log/event-log.js'),
  dist('shared-kernel/clock.js'),
  dist('platform/event-log/append-notifier.js'),
  dist('contexts/xapi/domain/statement-validation.js'),
  dist('contexts/xapi/domain/agents.js'),
  dist('contexts/xapi/application/queries/get-statements.query.js'),
  dist('contexts/xapi/application/queries/more-tokens.js'),
  dist('contexts/xapi/application/statement-store.sql.js'),
]);

const HOME = 'https://lms-formation.fr';
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

async function credential(request, reply, sql) {
  if (!/^1\.0(\.[0-3])?$/.test(String(request.headers['x-experience-api-version'] ?? ''))) {
    reply.code(400).send({ statusCode: 400, message: 'X-Experience-API-Version: the header is required' });
    return null;
  }
  const decoded = Buffer.from(String(request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const row = (await sql.query('select id, name, secret_sha256, scopes from xapi.credential where key = $1 and revoked_at is null', [decoded.slice(0, colon)])).rows[0];
  const given = Buffer.from(sha256(decoded.slice(colon + 1)), 'hex');
  if (!row || !timingSafeEqual(given, Buffer.from(row.secret_sha256, 'hex'))) {
    reply.code(401).send({ statusCode: 401, message: 'Unauthorized' });
    return null;
  }
  return { ...row, key: decoded.slice(0, colon) };
}

/** @param {import('fastify').FastifyInstance} app */
export default async function xapiRoutes(app, { sql, orm }) {
  const events = new EventLog(new SystemClock());
  const notifier = new AppendNotifier(orm, 10);

  // One statement or a batch, stored as the app stores them (issue 31): the statement writers' lock,
  // `stored` after the newest, then the same set-based SQL (statement-store.sql.ts) and
  // the same events, in one transaction.
  app.post('/api/xapi/statements', async (request, reply) => {
    const found = await credential(request, reply, sql);
    if (!found) return reply;
    const list = Array.isArray(request.body) ? request.body : [request.body];
    const authority = { objectType: 'Agent', name: found.name, account: { homePage: HOME, name: `credential/${found.key}` } };
    const items = [];
    try {
      list.forEach((statement, index) => validation.validateStatement(statement, list.length > 1 ? `statements[${index}]` : 'statement'));
    } catch (error) {
      return reply.code(400).send({ statusCode: 400, message: error.message });
    }
    for (const statement of list) {
      const id = String(statement.id ?? randomUUID()).toLowerCase();
      const received = { ...statement, id };
      const definition = statement.object.definition;
      items.push({
        statement, received, id,
        receivedSha256: sha256(agents.canonicalJson(received)),
        actorKey: agents.actorKey(statement.actor),
        agents: [...new Set([...agents.actorKeys(statement.actor), ...agents.actorKeys(authority)])],
        activities: [String(statement.object.id)],
        definitions: definition ? [[String(statement.object.id), definition]] : [],
      });
    }
    // The stored forms made before the turn with the clock's `stored`, as the app does; made again
    // under the turn only when that instant is not after the newest stored.
    const makeRows = (stored) => items.map((item) => {
      const full = { ...item.received, timestamp: item.statement.timestamp ?? stored, stored, authority, version: item.statement.version ?? '1.0.0' };
      const statementJson = agents.canonicalJson(full);
      return {
        id: item.id, statementJson, sha256: sha256(statementJson), receivedSha256: item.receivedSha256, actorKey: item.actorKey,
        verbId: item.statement.verb.id, objectActivity: String(item.statement.object.id), objectAgent: null, objectRef: null,
        registration: item.statement.context?.registration ?? null, agents: item.agents, activities: item.activities, teacherId: null,
      };
    });
    const early = new Date().toISOString();
    const earlyRows = makeRows(early);
    const storedEvents = (rows) => rows.map((r) => ({
      streamType: 'xapi.statement',
      streamId: r.id,
      expectedVersion: 0,
      events: [{ type: 'XapiStatementStored', eventId: eventIdFor(r.id, 'stored'), payload: { statementId: r.id, sha256: r.sha256, voids: null, credentialId: found.id, studentId: null } }],
      metadata: { actor: null, correlationId: randomUUID() },
    }));
    // The events chained and hashed before the turn, as the app does (EventLog.prepareNewStreams).
    const prepared = events.prepareNewStreams(storedEvents(earlyRows));
    const client = await orm.connect();
    try {
      await client.query('begin');
      // The app's one round trip: the turn, the statements, their definitions and their events (turnAndInsertSql).
      const answer = (await client.query(store.turnAndInsertSql(prepared.insertSql), [
        ...store.statementInsertParams(early, found.id, null, earlyRows),
        ...store.activityParams(items.flatMap((item) => item.definitions)),
        ...prepared.params,
      ])).rows[0];
      const kept = answer.newest === null || new Date(answer.newest).getTime() < Date.parse(early);
      const stored = kept ? early : new Date(new Date(answer.newest).getTime() + 1).toISOString();
      const rows = kept ? earlyRows : makeRows(stored);
      const inserted = new Set(kept ? answer.ids : (await client.query(store.INSERT_STATEMENTS_SQL, store.statementInsertParams(stored, found.id, null, rows))).rows.map((r) => r.id));
      const added = rows.filter((r) => inserted.has(r.id));
      if (kept) prepared.settle(client, answer.ids, answer.event_ids);
      else await events.appendMany(client, storedEvents(added));
      const definitions = items.filter((item) => inserted.has(item.id)).flatMap((item) => item.definitions);
      if (definitions.length > 0 && !(kept && answer.ids.length === items.length)) await client.query(store.UPSERT_ACTIVITIES_SQL, store.activityParams(definitions));
      await client.query('commit');
      notifier.notify();
      return reply.send(rows.map((r) => r.id));
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });

  // The "bare insert of the same rows" (issue 31): the same credential check, validation
  // and rows, then INSERT_STATEMENTS_SQL alone in its own transaction — no turn, no events, no
  // activity definitions. The scenario "xapi post batch of 100, bare insert" compares the app with it.
  app.post('/api/xapi/statements/bare', async (request, reply) => {
    const found = await credential(request, reply, sql);
    if (!found) return reply;
    const list = Array.isArray(request.body) ? request.body : [request.body];
    const authority = { objectType: 'Agent', name: found.name, account: { homePage: HOME, name: `credential/${found.key}` } };
    try {
      list.forEach((statement, index) => validation.validateStatement(statement, list.length > 1 ? `statements[${index}]` : 'statement'));
    } catch (error) {
      return reply.code(400).send({ statusCode: 400, message: error.message });
    }
    const stored = new Date().toISOString();
    const rows = list.map((statement) => {
      const id = String(statement.id ?? randomUUID()).toLowerCase();
      const received = { ...statement, id };
      const statementJson = agents.canonicalJson({ ...received, timestamp: statement.timestamp ?? stored, stored, authority, version: statement.version ?? '1.0.0' });
      return {
        id, statementJson, sha256: sha256(statementJson), receivedSha256: sha256(agents.canonicalJson(received)), actorKey: agents.actorKey(statement.actor),
        verbId: statement.verb.id, objectActivity: String(statement.object.id), objectAgent: null, objectRef: null,
        registration: statement.context?.registration ?? null,
        agents: [...new Set([...agents.actorKeys(statement.actor), ...agents.actorKeys(authority)])],
        activities: [String(statement.object.id)], teacherId: null,
      };
    });
    const inserted = (await sql.query(store.INSERT_STATEMENTS_SQL, store.statementInsertParams(stored, found.id, null, rows))).rows;
    return reply.send(inserted.map((r) => r.id));
  });

  app.get('/api/xapi/statements', async (request, reply) => {
    if (!(await credential(request, reply, sql))) return reply;
    const filter = queries.readFilter(request.query);
    const through = (await sql.query('select max(seq) as seq from xapi.statement')).rows[0].seq ?? 0;
    const { sql: text, params } = queries.statementPageQuery(filter, { kind: 'all' }, through);
    const rows = (await sql.query(text, params)).rows;
    const kept = rows.slice(0, filter.limit);
    const next = rows.length > filter.limit ? `/api/xapi/statements?more=${more.issueMore({ ...request.query, cursor: String(kept.at(-1).seq), through: String(through) })}` : '';
    reply.header('x-experience-api-version', '1.0.3').header('x-experience-api-consistent-through', new Date().toISOString());
    return { statements: kept.map((r) => r.statement), more: next };
  });
}
