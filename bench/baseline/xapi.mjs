// Baseline of the xAPI scenarios (bench/scenarios/xapi.mjs) in bare Fastify + pg: the credential
// check (the app's select and sha256 comparison), the app's own statement validation and
// canonical form (backend/dist), the insert and the event appended through the app's own
// EventLog in one transaction, NOTIFY after commit; and the filtered read with the app's own SQL
// (statementPageQuery) and filters (readFilter).
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../lib/deps.mjs';

const dist = (path) => import(pathToFileURL(join(projectRoot, 'backend/dist', path)).href);
const [{ EventLog, eventIdFor }, { SystemClock }, { AppendNotifier }, validation, agents, queries, more] = await Promise.all([
  dist('platform/event-log/event-log.js'),
  dist('shared-kernel/clock.js'),
  dist('platform/event-log/append-notifier.js'),
  dist('contexts/xapi/domain/statement-validation.js'),
  dist('contexts/xapi/domain/agents.js'),
  dist('contexts/xapi/application/queries/get-statements.query.js'),
  dist('contexts/xapi/application/queries/more-tokens.js'),
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

  app.post('/api/xapi/statements', async (request, reply) => {
    const found = await credential(request, reply, sql);
    if (!found) return reply;
    const statement = request.body;
    try {
      validation.validateStatement(statement);
    } catch (error) {
      return reply.code(400).send({ statusCode: 400, message: error.message });
    }
    const id = randomUUID();
    const stored = new Date().toISOString();
    const authority = { objectType: 'Agent', name: found.name, account: { homePage: HOME, name: `credential/${found.key}` } };
    const received = { ...statement, id };
    const full = { ...received, timestamp: statement.timestamp ?? stored, stored, authority, version: statement.version ?? '1.0.0' };
    const actorKey = agents.actorKey(statement.actor);
    const agentKeys = [...new Set([...agents.actorKeys(statement.actor), ...agents.actorKeys(authority)])];
    const activities = [String(statement.object.id)];
    const digest = sha256(agents.canonicalJson(full));
    const client = await orm.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into xapi.statement (id, statement, sha256, received_sha256, stored, actor_key, verb_id, object_activity, object_agent, object_ref,
                                     registration, agents, activities, credential_id, account_id, teacher_id)
         values ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, array(select jsonb_array_elements_text($12::jsonb)), array(select jsonb_array_elements_text($13::jsonb)), $14, $15, $16)
         on conflict (id) do nothing returning seq`,
        [id, JSON.stringify(full), digest, sha256(agents.canonicalJson(received)), stored, actorKey, statement.verb.id, statement.object.id, null, null,
          statement.context?.registration ?? null, JSON.stringify(agentKeys), JSON.stringify(activities), found.id, null, null],
      );
      await events.append(client, {
        streamType: 'xapi.statement',
        streamId: id,
        expectedVersion: 0,
        events: [{ type: 'XapiStatementStored', eventId: eventIdFor(id, 'stored'), payload: { statementId: id, sha256: digest, voids: null, credentialId: found.id, studentId: null } }],
        metadata: { actor: null, correlationId: randomUUID() },
      });
      await client.query('commit');
      notifier.notify();
      return reply.send([id]);
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
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
