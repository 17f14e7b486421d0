// EventLog.appendMany (issue 31): many streams in one set-based append, chained exactly as
// `append` chains them, all or nothing.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { verifyChains } from './chain-verifier.js';
import { eventHash } from './event-hash.js';
import { InvalidAppendError, StreamVersionConflictError } from './event-log.errors.js';
import type { AppendRequest } from './event-log.js';
import { sqlExecutor } from './sql-executor.js';
import { startEventLogHarness, type EventLogHarness } from './testing/event-log-harness.js';

let h: EventLogHarness;

beforeAll(async () => {
  h = await startEventLogHarness();
});
afterAll(() => h?.close());

const STREAM = 'test.many';
const request = (streamId: string, expectedVersion: number | 'any', count = 1, eventIds?: string[]): AppendRequest => ({
  streamType: STREAM,
  streamId,
  expectedVersion,
  events: Array.from({ length: count }, (_, i) => ({ type: 'ThingHappened', payload: { i, note: 'Élève « test »' }, ...(eventIds ? { eventId: eventIds[i] } : {}) })),
  metadata: { actor: null, correlationId: null, causationId: null },
});

const inTx = <T>(work: (em: EntityManager) => Promise<T>) => h.orm.em.fork().transactional((em) => work(em as EntityManager));

async function rows(streamId: string) {
  const { rows: found } = await h.pool.query(
    `select event_id::text, stream_type, stream_id, stream_version, event_type, schema_version, payload, metadata, occurred_at, prev_hash, hash
       from eventlog.event where stream_type = $1 and stream_id = $2 order by stream_version`,
    [STREAM, streamId],
  );
  return found;
}

describe('appendMany', () => {
  it('appends to new and existing streams in one call, each event chained and hashed as append does it', async () => {
    const [fresh, existing, any] = [randomUUID(), randomUUID(), randomUUID()];
    await inTx((em) => h.events.append(em, request(existing, 0, 2)));
    await inTx((em) => h.events.append(em, request(any, 0, 1)));
    const results = await inTx((em) => h.events.appendMany(em, [request(fresh, 0, 3), request(existing, 2, 1), request(any, 'any', 2)]));
    expect(results.map((r) => [r.appended, r.streamVersion, r.positions.length])).toEqual([
      [true, 3, 3],
      [true, 3, 1],
      [true, 3, 2],
    ]);
    for (const id of [fresh, existing, any]) {
      const chain = await rows(id);
      expect(chain.map((r) => r.stream_version)).toEqual([1, 2, 3]);
      chain.forEach((row, i) => {
        expect(row.prev_hash).toBe(i === 0 ? null : chain[i - 1].hash);
        // The hash a single append computes over the same fields (event-hash.ts).
        expect(row.hash).toBe(eventHash({ ...row, occurred_at: new Date(row.occurred_at).toISOString() }));
      });
      const client = await h.pool.connect();
      try {
        expect((await verifyChains(sqlExecutor(client), { streamType: STREAM, streamId: id })).broken).toEqual([]);
      } finally {
        client.release();
      }
    }
  });

  it('is a no-op for a request whose events are all stored already, as append is', async () => {
    const id = randomUUID();
    const eventIds = [randomUUID()];
    await inTx((em) => h.events.appendMany(em, [request(id, 0, 1, eventIds)]));
    const [again] = await inTx((em) => h.events.appendMany(em, [request(id, 0, 1, eventIds)]));
    expect(again).toEqual({ appended: false, streamVersion: 1, positions: [] });
    expect(await rows(id)).toHaveLength(1);
  });

  it('refuses the whole call when one stream moved on: the other streams get nothing either', async () => {
    const [moved, innocent] = [randomUUID(), randomUUID()];
    await inTx((em) => h.events.append(em, request(moved, 0, 1)));
    await expect(inTx((em) => h.events.appendMany(em, [request(innocent, 0, 1), request(moved, 0, 1)]))).rejects.toBeInstanceOf(StreamVersionConflictError);
    expect(await rows(innocent)).toEqual([]);
    expect(await rows(moved)).toHaveLength(1);
  });

  describe('new streams only (every request expects version 0: no head read, the INSERT decides)', () => {
    it('chains each first event without a previous hash, as append does, and the verifier agrees', async () => {
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      const results = await inTx((em) => h.events.appendMany(em, ids.map((id) => request(id, 0, 2))));
      expect(results.map((r) => [r.appended, r.streamVersion, r.positions.length])).toEqual(ids.map(() => [true, 2, 2]));
      const client = await h.pool.connect();
      try {
        for (const id of ids) {
          const chain = await rows(id);
          expect(chain.map((r) => r.prev_hash)).toEqual([null, chain[0].hash]);
          chain.forEach((row) => expect(row.hash).toBe(eventHash({ ...row, occurred_at: new Date(row.occurred_at).toISOString() })));
          expect((await verifyChains(sqlExecutor(client), { streamType: STREAM, streamId: id })).broken).toEqual([]);
        }
      } finally {
        client.release();
      }
    });

    it('answers a stream whose events are all stored as a no-op with its version, beside streams appended in the same call', async () => {
      const [stored, other] = [randomUUID(), randomUUID()];
      const eventIds = [randomUUID(), randomUUID()];
      await inTx((em) => h.events.appendMany(em, [request(stored, 0, 2, eventIds)]));
      const results = await inTx((em) => h.events.appendMany(em, [request(other, 0, 1), request(stored, 0, 2, eventIds)]));
      expect(results[1]).toEqual({ appended: false, streamVersion: 2, positions: [] });
      expect(results[0].appended).toBe(true);
      expect(await rows(stored)).toHaveLength(2);
      expect(await rows(other)).toHaveLength(1);
    });

    it('refuses the whole call when some of a request\'s events are stored already and others not', async () => {
      const [first, innocent] = [randomUUID(), randomUUID()];
      const eventIds = [randomUUID(), randomUUID()];
      await inTx((em) => h.events.appendMany(em, [request(first, 0, 1, [eventIds[0]])]));
      await expect(inTx((em) => h.events.appendMany(em, [request(innocent, 0, 1), request(randomUUID(), 0, 2, eventIds)]))).rejects.toBeInstanceOf(InvalidAppendError);
      expect(await rows(innocent)).toEqual([]);
    });

    it('refuses a stream another transaction is creating: the second waits, then conflicts, and stores nothing', async () => {
      const [contested, innocent] = [randomUUID(), randomUUID()];
      const em = h.orm.em.fork();
      await em.begin();
      try {
        await h.events.appendMany(em as EntityManager, [request(contested, 0, 1)]);
        const second = inTx((other) => h.events.appendMany(other, [request(innocent, 0, 1), request(contested, 0, 1)]));
        await new Promise((resolve) => setTimeout(resolve, 200));
        await em.commit();
        await expect(second).rejects.toBeInstanceOf(StreamVersionConflictError);
      } catch (error) {
        await em.rollback().catch(() => undefined);
        throw error;
      }
      expect(await rows(contested)).toHaveLength(1);
      expect(await rows(innocent)).toEqual([]);
    });
  });

  describe('prepareNewStreams (the events inserted by the caller\'s own statement, issue 31)', () => {
    /** The caller's statement: here the streams to append are given as a parameter after the events'. */
    async function runPrepared(em: EntityManager, requests: AppendRequest[], streams: string[]) {
      const prepared = h.events.prepareNewStreams(requests);
      const sql = sqlExecutor(em);
      const first = 2;
      let eventIds: string[];
      try {
        [{ event_ids: eventIds }] = await sql.query<{ event_ids: string[] }>(
          `with events as (${prepared.insertSql(first, 'select unnest($1::text[])')}) select coalesce((select array_agg(event_id) from events), '{}') as event_ids`,
          [streams, ...prepared.params],
        );
      } catch (error) {
        throw prepared.failure(error);
      }
      prepared.settle(em, streams, eventIds);
      return eventIds;
    }

    it('inserts only the streams the statement names, chained and hashed as appendMany does, and the verifier agrees', async () => {
      const [kept, left] = [randomUUID(), randomUUID()];
      const eventIds = await inTx((em) => runPrepared(em, [request(kept, 0, 2), request(left, 0, 1)], [kept]));
      expect(eventIds).toHaveLength(2);
      const chain = await rows(kept);
      expect(chain.map((r) => [r.stream_version, r.prev_hash])).toEqual([
        [1, null],
        [2, chain[0].hash],
      ]);
      chain.forEach((row) => expect(row.hash).toBe(eventHash({ ...row, occurred_at: new Date(row.occurred_at).toISOString() })));
      expect(await rows(left)).toEqual([]);
      const client = await h.pool.connect();
      try {
        expect((await verifyChains(sqlExecutor(client), { streamType: STREAM, streamId: kept })).broken).toEqual([]);
      } finally {
        client.release();
      }
    });

    it('is a no-op for a stream whose events are all stored, refuses one with some stored, and a stream that has events', async () => {
      const [stored, partly, moved] = [randomUUID(), randomUUID(), randomUUID()];
      const storedIds = [randomUUID()];
      const partlyIds = [randomUUID(), randomUUID()];
      await inTx((em) => h.events.appendMany(em, [request(stored, 0, 1, storedIds), request(randomUUID(), 0, 1, [partlyIds[0]])]));
      expect(await inTx((em) => runPrepared(em, [request(stored, 0, 1, storedIds)], [stored]))).toEqual([]);
      await expect(inTx((em) => runPrepared(em, [request(partly, 0, 2, partlyIds)], [partly]))).rejects.toBeInstanceOf(InvalidAppendError);
      expect(await rows(partly)).toEqual([]);
      await inTx((em) => h.events.append(em, request(moved, 0, 1)));
      await expect(inTx((em) => runPrepared(em, [request(moved, 0, 1)], [moved]))).rejects.toBeInstanceOf(StreamVersionConflictError);
      expect(await rows(moved)).toHaveLength(1);
    });

    it('takes new streams only, of one stream type (its statement picks them by id)', () => {
      expect(() => h.events.prepareNewStreams([request(randomUUID(), 1, 1)])).toThrow(InvalidAppendError);
      const id = randomUUID();
      expect(() => h.events.prepareNewStreams([request(id, 0, 1), { ...request(id, 0, 1), streamType: `${STREAM}.autre` }])).toThrow('un seul type de flux');
    });
  });

  it('refuses a stream named twice in one call', async () => {
    const id = randomUUID();
    await expect(inTx((em) => h.events.appendMany(em, [request(id, 0, 1), request(id, 1, 1)]))).rejects.toBeInstanceOf(InvalidAppendError);
    expect(await rows(id)).toEqual([]);
  });
});
