import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { verifyChains } from './chain-verifier.js';
import { InvalidAppendError, StreamVersionConflictError } from './event-log.errors.js';
import type { AppendRequest } from './event-log.js';
import { sqlExecutor } from './sql-executor.js';
import { startEventLogHarness, type EventLogHarness } from './testing/event-log-harness.js';

let h: EventLogHarness;

beforeAll(async () => {
  h = await startEventLogHarness();
});
afterAll(() => h?.close());

const request = (streamId: string, expectedVersion: number | 'any', types: string[] = ['ThingHappened']): AppendRequest => ({
  streamType: 'test.thing',
  streamId,
  expectedVersion,
  events: types.map((type, i) => ({ type, payload: { i, note: 'Élève « test »' } })),
});

const append = (req: AppendRequest) => h.orm.em.fork().transactional((em) => h.events.append(em as EntityManager, req));

async function streamRows(streamId: string) {
  const { rows } = await h.pool.query(
    `select stream_version, event_type, payload, prev_hash, hash from eventlog.event where stream_type = 'test.thing' and stream_id = $1 order by stream_version`,
    [streamId],
  );
  return rows;
}

/** Runs `count` functions at the same moment, each in its own transaction, and settles them all. */
async function race<T>(count: number, work: (index: number) => Promise<T>) {
  let go!: () => void;
  const start = new Promise<void>((resolve) => (go = resolve));
  const all = Promise.allSettled(Array.from({ length: count }, (_, i) => start.then(() => work(i))));
  go();
  return all;
}

describe('appending', () => {
  it('stores the events with consecutive versions, each chained to the previous hash', async () => {
    await append(request('chain', 0, ['ThingCreated', 'ThingRenamed']));
    await append(request('chain', 2, ['ThingRenamed']));
    const rows = await streamRows('chain');
    expect(rows.map((r) => r.stream_version)).toEqual([1, 2, 3]);
    expect(rows[0].prev_hash).toBeNull();
    expect(rows[1].prev_hash).toBe(rows[0].hash);
    expect(rows[2].prev_hash).toBe(rows[1].hash);
    expect(rows[0].payload).toEqual({ i: 0, note: 'Élève « test »' });
  });

  it('writes in the transaction of the change: a rollback takes the events away too', async () => {
    await expect(
      h.orm.em.fork().transactional(async (em) => {
        await h.events.append(em as EntityManager, request('rolled-back', 0));
        throw new Error('the command failed after appending');
      }),
    ).rejects.toThrow('the command failed');
    expect(await streamRows('rolled-back')).toEqual([]);
  });

  it('refuses an EntityManager outside a transaction', async () => {
    await expect(h.events.append(h.orm.em.fork() as EntityManager, request('no-tx', 0))).rejects.toThrow(/em\.transactional/);
  });

  it('signals the commit in-process, only after it', async () => {
    let signals = 0;
    const unsubscribe = h.signal.subscribe(() => (signals += 1));
    try {
      await h.orm.em.fork().transactional(async (em) => {
        await h.events.append(em as EntityManager, request('signalled', 0));
        expect(signals).toBe(0);
      });
      expect(signals).toBe(1);
    } finally {
      unsubscribe();
    }
  });

  it('takes the actor and correlation from the metadata given', async () => {
    await append({ ...request('meta', 0), metadata: { actor: { accountId: 7, role: 'admin' }, correlationId: 'req-1' } });
    const { rows } = await h.pool.query(`select metadata from eventlog.event where stream_id = 'meta'`);
    expect(rows[0].metadata).toEqual({ actorId: 7, actorRole: 'admin', correlationId: 'req-1', causationId: null });
  });

  it('refuses a malformed request before touching the database', async () => {
    await expect(append({ ...request('bad', 0), streamType: 'Pas Bon' })).rejects.toThrow(InvalidAppendError);
    await expect(append({ ...request('bad', 0), events: [] })).rejects.toThrow(InvalidAppendError);
    await expect(append({ ...request('bad', -1) })).rejects.toThrow(InvalidAppendError);
    await expect(append({ ...request('bad', 0), events: [{ type: 'lowercase', payload: {} }] })).rejects.toThrow(InvalidAppendError);
  });
});

describe('optimistic concurrency', () => {
  it('lets exactly one of N concurrent writers append each version; the others get the conflict', async () => {
    const writers = 12;
    for (let version = 0; version < 4; version++) {
      const results = await race(writers, (i) => append({ ...request('contended', version), events: [{ type: 'ThingHappened', payload: { writer: i } }] }));
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(writers - 1);
      for (const failure of lost) expect(failure.reason).toBeInstanceOf(StreamVersionConflictError);
    }
    expect((await streamRows('contended')).map((r) => r.stream_version)).toEqual([1, 2, 3, 4]);
  });

  it('answers a stale expected version with the retryable conflict (HTTP 409)', async () => {
    await append(request('stale', 0));
    const error = await append(request('stale', 0)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamVersionConflictError);
    expect((error as StreamVersionConflictError).kind).toBe('conflict');
    expect((error as StreamVersionConflictError).actualVersion).toBe(1);
  });

  it("serialises 'any' appenders of one stream instead of failing them", async () => {
    const results = await race(10, () => append(request('any', 'any')));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect((await streamRows('any')).map((r) => r.stream_version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('refuses to append after an event written by a transaction that started writing later (commit order)', async () => {
    const early = await h.pool.connect();
    try {
      await early.query('begin');
      await early.query('select pg_current_xact_id()'); // this transaction now has the older id
      await append(request('order', 0)); // a younger transaction appends version 1 and commits
      await expect(h.events.append(early, request('order', 1))).rejects.toBeInstanceOf(StreamVersionConflictError);
    } finally {
      await early.query('rollback');
      early.release();
    }
    await append(request('order', 1)); // the retry, in a new transaction, goes through
    expect((await streamRows('order')).map((r) => r.stream_version)).toEqual([1, 2]);
  });
});

describe('idempotence', () => {
  it('stores an event id once: the retried append is a no-op that says so', async () => {
    const eventId = randomUUID();
    const req = { ...request('idem', 0), events: [{ type: 'ThingHappened', eventId, payload: {} }] };
    expect(await append(req)).toMatchObject({ appended: true, streamVersion: 1 });
    expect(await append(req)).toEqual({ appended: false, streamVersion: 1, positions: [] });
    const { rows } = await h.pool.query('select count(*)::int as n from eventlog.event where event_id = $1', [eventId]);
    expect(rows[0].n).toBe(1);
  });

  it('stores it once when two transactions append it at the same time', async () => {
    const eventId = randomUUID();
    const req = { ...request('idem-race', 'any' as const), events: [{ type: 'ThingHappened', eventId, payload: {} }] };
    const results = await race(5, () => append(req));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value.appended)).toHaveLength(1);
    expect((await streamRows('idem-race')).length).toBe(1);
  });

  it('refuses a batch where only some ids are already stored', async () => {
    const eventId = randomUUID();
    await append({ ...request('idem-part', 0), events: [{ type: 'ThingHappened', eventId, payload: {} }] });
    const mixed = { ...request('idem-part', 1), events: [{ type: 'ThingHappened', eventId, payload: {} }, { type: 'ThingHappened', payload: {} }] };
    await expect(append(mixed)).rejects.toThrow(InvalidAppendError);
  });
});

describe('append-only table', () => {
  beforeAll(() => append(request('sacred', 0, ['ThingCreated', 'ThingRenamed'])));

  it.each([
    ['UPDATE', `update eventlog.event set payload = '{}' where stream_id = 'sacred'`],
    ['DELETE', `delete from eventlog.event where stream_id = 'sacred'`],
    ['TRUNCATE', `truncate eventlog.event`],
  ])('refuses %s through the application connection', async (operation, statement) => {
    const error = await h.orm.em
      .fork()
      .transactional((em) => sqlExecutor(em as EntityManager).query(statement))
      .catch((e: { code?: string; message: string }) => e);
    expect(error).toMatchObject({ code: '42501' });
    expect((error as Error).message).toContain(`ajout seul : ${operation} refusé`);
    expect((await streamRows('sacred')).length).toBe(2);
  });

  it('refuses them for a non-owner role even when it was granted the rights', async () => {
    const role = `lms_app_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: h.url });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login password 'pw-${role}'`);
      await admin.query(`grant usage on schema eventlog to ${role}`);
      await admin.query(`grant select, insert, update, delete on eventlog.event to ${role}`);
      await admin.query(`set role ${role}`);
      await expect(admin.query(`update eventlog.event set payload = '{}'`)).rejects.toMatchObject({ code: '42501' });
      await expect(admin.query(`delete from eventlog.event`)).rejects.toMatchObject({ code: '42501' });
      await expect(admin.query(`truncate eventlog.event`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await admin.query('reset role');
      await admin.query(`drop owned by ${role}`);
      await admin.query(`drop role ${role}`);
      await admin.end();
    }
  });
});

describe('tampering', () => {
  let superuser: pg.Client;

  beforeAll(async () => {
    superuser = new pg.Client({ connectionString: h.url });
    await superuser.connect();
  });
  afterAll(() => superuser?.end());

  async function tamper(statement: string, params: unknown[] = []) {
    // What a superuser (or the table owner) can do: switch the triggers off for the session.
    await superuser.query(`set session_replication_role = replica`);
    try {
      await superuser.query(statement, params);
    } finally {
      await superuser.query(`set session_replication_role = origin`);
    }
  }

  async function position(streamId: string, version: number): Promise<number> {
    const { rows } = await h.pool.query(`select position from eventlog.event where stream_type = 'test.thing' and stream_id = $1 and stream_version = $2`, [
      streamId,
      version,
    ]);
    return rows[0].position;
  }

  const verify = (streamId: string) => verifyChains(sqlExecutor(superuser), { streamType: 'test.thing', streamId });
  const sqlScript = readFileSync(join(process.cwd(), 'scripts/eventlog-verify.sql'), 'utf8');
  async function sqlVerify(streamId: string) {
    const results = (await superuser.query(sqlScript)) as unknown as pg.QueryResult[];
    return results[results.length - 1].rows.filter((r) => r.stream_id === streamId);
  }

  it('finds every chain intact before anyone touches it, in Node and in plain SQL', async () => {
    await append(request('untouched', 0, ['ThingCreated', 'ThingRenamed', 'ThingRenamed']));
    expect((await verify('untouched')).broken).toEqual([]);
    expect(await sqlVerify('untouched')).toEqual([]);
  });

  it('names the event whose payload a superuser altered', async () => {
    await append(request('altered', 0, ['ThingCreated', 'ThingRenamed', 'ThingRenamed', 'ThingRenamed']));
    const target = await position('altered', 3);
    await tamper(`update eventlog.event set payload = jsonb_set(payload, '{note}', '"falsifié"') where position = $1`, [target]);
    const report = await verify('altered');
    expect(report.broken).toEqual([expect.objectContaining({ position: target, streamVersion: 3, problem: 'hash' })]);
    expect(await sqlVerify('altered')).toEqual([expect.objectContaining({ position: target, problem: 'hash' })]);
  });

  it('sees a number given more precision than its hash covered', async () => {
    await append({ ...request('precise', 0), events: [{ type: 'ThingHappened', payload: { score: 12 } }] });
    const target = await position('precise', 1);
    await tamper(`update eventlog.event set payload = '{"score": 12.0000000000000001}' where position = $1`, [target]);
    expect((await verify('precise')).broken).toEqual([expect.objectContaining({ position: target, problem: 'imprecise_value' })]);
  });

  it('names the successor when the altered event was given a recomputed hash', async () => {
    await append(request('rehashed', 0, ['ThingCreated', 'ThingRenamed', 'ThingRenamed']));
    await tamper(`update eventlog.event set event_type = 'ThingDeleted', hash = repeat('0', 64) where stream_id = 'rehashed' and stream_version = 2`);
    const report = await verify('rehashed');
    expect(report.broken.map((b) => [b.streamVersion, b.problem])).toEqual([
      [2, 'hash'],
      [3, 'prev_hash'],
    ]);
  });

  it('notices a deleted event by the hole it leaves', async () => {
    await append(request('holed', 0, ['ThingCreated', 'ThingRenamed', 'ThingRenamed']));
    await tamper(`delete from eventlog.event where stream_id = 'holed' and stream_version = 2`);
    expect((await verify('holed')).broken).toEqual([expect.objectContaining({ streamVersion: 3, problem: 'missing_events' })]);
    expect(await sqlVerify('holed')).toEqual([expect.objectContaining({ stream_version: 3, problem: 'missing_events' })]);
  });

  it('gives a digest of the log as of a date that later appends do not change', async () => {
    await append(request('anchored', 0, ['ThingCreated']));
    const asOf = new Date();
    const before = await verifyChains(sqlExecutor(superuser), { asOf });
    await append(request('anchored', 1, ['ThingRenamed']));
    const after = await verifyChains(sqlExecutor(superuser), { asOf });
    expect(after.digest).toBe(before.digest);
    expect((await verifyChains(sqlExecutor(superuser), {})).digest).not.toBe(before.digest);
  });
});
