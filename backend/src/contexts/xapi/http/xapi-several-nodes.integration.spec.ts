// X-Experience-API-Consistent-Through with two app nodes on one database (issue 32, docs/adr/0059):
// a statement in flight on one node holds back the other node's header, a node's late clock cannot
// put a statement before an answer already given, and once nothing is in flight both answer « now ».
import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { QueryBus } from '@nestjs/cqrs';
import pg from 'pg';
import { StatementConsistency } from '../application/consistency.js';
import { GetStatements } from '../application/queries/get-statements.query.js';
import { eventually } from '../../../platform/testing/eventually.js';
import { call, givenAdmin } from '../../../testing/fixtures.js';
import { startSecondNode, startTestApp, type TestApp } from '../../../testing/test-app.js';

let a: TestApp;
let b: NestFastifyApplication;
let clockB: TestApp['clock'];
let basic: string;
let client: pg.Client;

beforeAll(async () => {
  a = await startTestApp();
  const second = await startSecondNode(a);
  [b, clockB] = [second.app, second.clock];
  const admin = await givenAdmin(a);
  const response = await call(a, 'POST', '/api/xapi-credentials', admin.token, { name: 'Fournisseur', scopes: ['all'] });
  const { key, secret } = response.json();
  basic = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  client = new pg.Client({ connectionString: a.databaseUrl });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await b?.close();
  await a?.close();
});

const headers = () => ({ authorization: basic, 'x-experience-api-version': '1.0.3', 'content-type': 'application/json' });
const statement = () => ({
  actor: { objectType: 'Agent', mbox: `mailto:apprenant-${randomUUID().slice(0, 8)}@exemple.fr` },
  verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'fr-FR': 'a découvert' } },
  object: { objectType: 'Activity', id: `https://exemple.fr/activites/${randomUUID()}` },
});

async function post(node: NestFastifyApplication): Promise<string> {
  const response = await node.inject({ method: 'POST', url: '/api/xapi/statements', headers: headers(), payload: JSON.stringify(statement()) });
  expect(response.statusCode).toBe(200);
  return (response.json() as string[])[0];
}

async function through(node: NestFastifyApplication): Promise<number> {
  const response = await node.inject({ method: 'GET', url: '/api/xapi/statements?limit=1', headers: headers() });
  expect(response.statusCode).toBe(200);
  return Date.parse(String(response.headers['x-experience-api-consistent-through']));
}

async function stored(id: string): Promise<number> {
  const response = await a.app.inject({ method: 'GET', url: `/api/xapi/statements?statementId=${id}`, headers: headers() });
  return Date.parse(String(response.json().stored));
}

/** An answer recorded less than this long ago is answered again, unwritten (migration 123). */
const REUSED_MS = 50;

const databaseNow = async () => Date.parse((await client.query<{ now: Date }>('select clock_timestamp() as now')).rows[0].now.toISOString());

describe('X-Experience-API-Consistent-Through across nodes', () => {
  it('a batch in flight on node B holds back node A\'s header until it is committed; then both answer « now »', async () => {
    await post(a.app);
    // Another writer holds the statement writers' turn: node B's batch waits in it, in flight.
    await client.query('begin');
    await client.query('select xapi.take_statement_turn()');
    const storing = post(b);
    await eventually(async () => {
      const { rows } = await client.query(`select 1 from pg_locks where locktype = 'advisory' and not granted`);
      expect(rows.length).toBe(1);
    });
    const heldBack = await through(a.app);
    await client.query('commit');
    const id = await storing;
    expect(heldBack).toBeLessThan(await stored(id));

    // Nothing in flight anywhere: each node answers the database's « now ».
    const before = await databaseNow();
    for (const node of [a.app, b]) expect(await through(node)).toBeGreaterThanOrEqual(before - REUSED_MS);
  });

  it('a node whose clock is late stores after the instant another node has already answered', async () => {
    clockB.set(new Date(Date.now() - 60_000));
    try {
      const answered = await through(a.app);
      const id = await post(b);
      expect(await stored(id)).toBeGreaterThan(answered);
    } finally {
      clockB.release();
    }
    const before = await databaseNow();
    expect(await through(b)).toBeGreaterThanOrEqual(before - REUSED_MS);
  });

  it('a read takes its header before it reads: a batch committed during the read never falls before the header', async () => {
    const order: string[] = [];
    const consistency = a.app.get(StatementConsistency);
    const queries = a.app.get(QueryBus);
    const [through0, execute0] = [consistency.through.bind(consistency), queries.execute.bind(queries)];
    consistency.through = () => {
      order.push('en-tête');
      return through0();
    };
    queries.execute = ((query: unknown) => {
      if (query instanceof GetStatements) order.push('lecture');
      return execute0(query as never);
    }) as QueryBus['execute'];
    try {
      await through(a.app);
    } finally {
      // The prototype's methods again.
      delete (consistency as Partial<StatementConsistency>).through;
      delete (queries as Partial<QueryBus>).execute;
    }
    expect(order).toEqual(['en-tête', 'lecture']);
  });

  it('a read answers a recent recorded instant again without writing it; an older one is renewed to « now »', async () => {
    const ahead = new Date(Date.now() + 10_000);
    try {
      // Recorded « just now » (in the future here, so that the reuse cannot be mistaken for a fresh answer): answered as is, row unchanged.
      await client.query('update xapi.consistency set answered = $1', [ahead]);
      const version = (await client.query<{ xmin: string }>('select xmin::text from xapi.consistency')).rows[0].xmin;
      expect(await through(a.app)).toBe(ahead.getTime());
      expect(await through(b)).toBe(ahead.getTime());
      expect((await client.query<{ xmin: string }>('select xmin::text from xapi.consistency')).rows[0].xmin).toBe(version);
    } finally {
      await client.query(`update xapi.consistency set answered = clock_timestamp() - interval '1 second'`);
    }
    // Recorded a second ago: renewed to the database's « now ».
    const before = await databaseNow();
    expect(await through(a.app)).toBeGreaterThanOrEqual(before);
    expect(Date.parse((await client.query<{ answered: Date }>('select answered from xapi.consistency')).rows[0].answered.toISOString())).toBeGreaterThanOrEqual(before);
  });
});
