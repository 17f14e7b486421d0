import pg from 'pg';
import { SystemClock } from '../../shared-kernel/index.js';
import { eventLogOptionsFromEnv } from './event-log.options.js';
import type { Policy, Projection, Subscription } from './projection.js';
import { SubscriptionGroup } from './subscription-group.js';
import { LOCK_CLASS, type StepResult } from './subscription-worker.js';
import { startEventLogHarness, until, type EventLogHarness } from './testing/event-log-harness.js';

let h: EventLogHarness;

beforeAll(async () => {
  h = await startEventLogHarness();
  await h.pool.query(`create schema test`);
});
afterAll(() => h?.close());

/** Counts the events of its type, per stream. */
const tally = (name: string, type: string, options: { poison?: number } = {}): Projection => ({
  name,
  table: `test.${name.replaceAll('-', '_')}`,
  primaryKey: ['stream_id'],
  handles: [type],
  key: (event) => ({ stream_id: event.streamId }),
  evolve: (row, event) => {
    if ((event.payload as { n?: number }).n === options.poison) throw new Error('poison pill');
    return { stream_id: event.streamId, events: ((row?.events as number | undefined) ?? 0) + 1 };
  },
});

const projection = (p: Projection): Subscription => ({ kind: 'projection', name: p.name, projection: p });

/** A group on a pool that records every statement it sends. */
function group(subscriptions: Subscription[], options: { retryBaseMs?: number } = {}) {
  const statements: string[] = [];
  const pool = {
    async connect() {
      const client = await h.pool.connect();
      return {
        query: (text: string, values?: unknown[]) => {
          statements.push(text);
          return client.query(text, values);
        },
        release: (error?: boolean) => client.release(error),
      };
    },
  } as unknown as pg.Pool;
  const results = new Map<string, StepResult>();
  const woken: string[] = [];
  const worker = new SubscriptionGroup(
    { pool, clock: new SystemClock(), options: { ...eventLogOptionsFromEnv({}), ...options }, logger: { error: () => undefined, log: () => undefined } },
    { onMemberStep: (name, result) => results.set(name, result), wakePolicy: (name) => woken.push(name) },
  );
  for (const subscription of subscriptions) worker.add(subscription);
  return {
    worker,
    results,
    woken,
    /** One step; how many reads of the log it made. */
    async step() {
      statements.length = 0;
      results.clear();
      const result = await worker.step();
      return { result, reads: statements.filter((s) => s.includes('pg_current_snapshot()')).length };
    },
  };
}

/**
 * Appends and waits until the events can be read: the horizon is the whole server's, and the
 * other test files hold transactions open on it meanwhile.
 */
async function append(type: string, streamId: string, count: number, from = 1) {
  const client = await h.pool.connect();
  let positions: number[];
  try {
    await client.query('begin');
    const events = Array.from({ length: count }, (_, i) => ({ type, payload: { n: from + i } }));
    ({ positions } = await h.events.append(client, { streamType: 'test.group', streamId, expectedVersion: 'any', events }));
    await client.query('commit');
  } finally {
    client.release();
  }
  const readable = `select coalesce(max(transaction_id) < pg_snapshot_xmin(pg_current_snapshot()), true) as yes from eventlog.event`;
  await until(async () => (await h.pool.query(readable)).rows[0].yes === true, 20_000, 'la lisibilité des événements');
  return positions;
}

const checkpoint = async (name: string) => (await h.pool.query(`select position::int, events_applied::int, error_count from eventlog.checkpoint where name = $1`, [name])).rows[0];
const rows = async (table: string) => (await h.pool.query(`select stream_id, events from ${table} order by stream_id`)).rows;
const lastPosition = async () => Number((await h.pool.query(`select max(position) as p from eventlog.event`)).rows[0].p);

async function createTables(...projections: Projection[]) {
  for (const p of projections) await h.pool.query(`create table ${p.table} (stream_id text primary key, events int not null)`);
}

describe('SubscriptionGroup', () => {
  describe('when every projection stands at the same place', () => {
    it('reads the log once for all of them and moves each one’s checkpoint', async () => {
      const a = tally('shared-a', 'SharedA');
      const b = tally('shared-b', 'SharedB');
      const both: Projection = { ...tally('shared-both', 'SharedA'), handles: ['SharedA', 'SharedB'] };
      await createTables(a, b, both);
      const g = group([a, b, both].map(projection));
      await append('SharedA', 's1', 3);
      await append('SharedB', 's2', 2);

      const first = await g.step();
      expect(first.reads).toBe(1);
      expect(first.result).toMatchObject({ kind: 'done', applied: 3 + 2 + 5, more: false });
      expect(await rows(a.table)).toEqual([{ stream_id: 's1', events: 3 }]);
      expect(await rows(b.table)).toEqual([{ stream_id: 's2', events: 2 }]);
      expect(await rows(both.table)).toEqual([
        { stream_id: 's1', events: 3 },
        { stream_id: 's2', events: 2 },
      ]);
      const end = await lastPosition();
      for (const p of [a, b, both]) expect((await checkpoint(p.name)).position).toBe(end);
      expect(g.results.get(a.name)).toMatchObject({ kind: 'done', applied: 3 });

      await append('SharedB', 's2', 1, 3);
      const second = await g.step();
      expect(second.reads).toBe(1);
      expect(await rows(b.table)).toEqual([{ stream_id: 's2', events: 3 }]);
      expect((await checkpoint(a.name)).position).toBe(await lastPosition());
    });
  });

  describe('when a projection stands behind the others', () => {
    it('reads for it apart until it has caught up, then shares the others’ read', async () => {
      const ahead = tally('cohort-ahead', 'Cohort');
      const late = tally('cohort-late', 'Cohort');
      await createTables(ahead, late);
      await append('Cohort', 'c', 4);
      const g = group([ahead].map(projection));
      await g.step();
      await append('Cohort', 'c', 3, 5);
      g.worker.add(projection(late)); // registered later: starts from the beginning of the log

      const catchingUp = await g.step();
      expect(catchingUp.reads).toBe(2);
      expect(await rows(ahead.table)).toEqual([{ stream_id: 'c', events: 7 }]);
      expect(await rows(late.table)).toEqual([{ stream_id: 'c', events: 7 }]);
      expect((await checkpoint(late.name)).position).toBe((await checkpoint(ahead.name)).position);

      await append('Cohort', 'c', 1, 8);
      const together = await g.step();
      expect(together.reads).toBe(1);
      expect(await rows(late.table)).toEqual([{ stream_id: 'c', events: 8 }]);
    });
  });

  describe('when one projection throws', () => {
    it('stops that one alone at its event, with its backoff, and the others move on', async () => {
      const fragile = tally('group-fragile', 'Brittle', { poison: 3 });
      const sturdy = tally('group-sturdy', 'Brittle');
      await createTables(fragile, sturdy);
      const g = group([fragile, sturdy].map(projection), { retryBaseMs: 3_600_000 });
      const positions = await append('Brittle', 'b', 5);

      const { result } = await g.step();
      expect(await rows(sturdy.table)).toEqual([{ stream_id: 'b', events: 5 }]);
      expect(await rows(fragile.table)).toEqual([{ stream_id: 'b', events: 2 }]);
      expect(await checkpoint(fragile.name)).toMatchObject({ position: positions[1], events_applied: 2, error_count: 1 });
      expect(g.results.get(fragile.name)).toMatchObject({ kind: 'failed' });
      expect(result).toMatchObject({ kind: 'done', nextCheckAt: expect.any(Date) });

      await append('Brittle', 'b', 1, 6);
      await g.step();
      expect(g.results.get(fragile.name)).toMatchObject({ kind: 'waiting' });
      expect(await rows(sturdy.table)).toEqual([{ stream_id: 'b', events: 6 }]);
      expect(await checkpoint(fragile.name)).toMatchObject({ position: positions[1], error_count: 1 });
    });
  });

  describe('when another node holds a projection', () => {
    it('leaves it alone and works on the others', async () => {
      const held = tally('group-held', 'Held');
      const free = tally('group-free', 'Held');
      await createTables(held, free);
      const g = group([held, free].map(projection));
      await append('Held', 'h', 2);
      const other = await h.pool.connect();
      try {
        await other.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, held.name]);
        await g.step();
        expect(g.results.get(held.name)).toEqual({ kind: 'busy' });
        expect(await rows(held.table)).toEqual([]);
        expect(await rows(free.table)).toEqual([{ stream_id: 'h', events: 2 }]);
      } finally {
        await other.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, held.name]);
        other.release();
      }
      await g.step();
      expect(await rows(held.table)).toEqual([{ stream_id: 'h', events: 2 }]);
    });

    it('says the group is busy when another node holds every member, so that its loop leaves it to that node', async () => {
      const held = tally('group-all-held', 'AllHeld');
      await createTables(held);
      const g = group([projection(held)]);
      await append('AllHeld', 'a', 1);
      const other = await h.pool.connect();
      try {
        await other.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_CLASS, held.name]);
        expect((await g.step()).result).toEqual({ kind: 'busy' });
      } finally {
        await other.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, held.name]);
        other.release();
      }
      expect((await g.step()).result).toMatchObject({ kind: 'done', applied: 1 });
    });
  });

  describe('with a policy', () => {
    const policy: Policy = { name: 'group-policy', handles: ['Reacted'], handle: async () => undefined };
    const member: Subscription = { kind: 'policy', name: policy.name, policy };

    it('moves its checkpoint past the events it does not handle, without waking it', async () => {
      const g = group([member]);
      await append('NotForThePolicy', 'p', 2);
      await g.step();
      expect((await checkpoint(policy.name)).position).toBe(await lastPosition());
      expect((await checkpoint(policy.name)).events_applied).toBe(0);
      expect(g.woken).toEqual([]);
    });

    it('wakes its own loop for the events it handles, and leaves its checkpoint there', async () => {
      const g = group([member]);
      const before = (await checkpoint(policy.name)).position;
      await append('Reacted', 'p', 1);
      await g.step();
      expect(g.woken).toEqual([policy.name]);
      expect((await checkpoint(policy.name)).position).toBe(before);
    });
  });
});
