// Event log measurements (issue 3): append throughput, projection lag, full rebuild.
//
// They are not loops of HTTP requests, so they do not fit run.mjs's autocannon scenarios (which
// need an `app` and a `baseline` path): `scenarios` stays empty and `node bench/event-log.mjs`
// runs the `measurements` below against a production build (docs/event-log.md, "Numbers").
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../lib/deps.mjs';

export const scenarios = [];

const dist = (path) => import(pathToFileURL(join(projectRoot, 'backend/dist', path)).href);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (value, digits = 1) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

async function eventLog() {
  const [{ EventLog }, { SystemClock }] = await Promise.all([dist('platform/event-log/event-log.js'), dist('shared-kernel/clock.js')]);
  return new EventLog(new SystemClock());
}

/** The writers play another app node: after each commit they NOTIFY, debounced, as the app does. */
async function notifier(pool) {
  const { AppendNotifier } = await dist('platform/event-log/append-notifier.js');
  return new AppendNotifier(pool, 10);
}

/** Appends one event per transaction from `connections` clients until `seconds` are over. */
async function appendFor({ pool, events, connections, seconds, pickStream, rate = null, onCommit = () => {} }) {
  const notify = await notifier(pool);
  const latencies = [];
  let count = 0;
  let conflicts = 0;
  let slot = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        for (;;) {
          if (rate) {
              const due = start + (slot++ * 1000) / rate;
            if (due >= end) break;
            if (due > performance.now()) await sleep(due - performance.now());
          } else if (performance.now() >= end) break;
          const t0 = performance.now();
          await client.query('begin');
          try {
            const result = await events.append(client, {
              streamType: 'bench.item',
              streamId: pickStream(),
              expectedVersion: 'any',
              events: [{ type: 'ItemTouched', payload: { n: count, label: 'bench' } }],
            });
            await client.query('commit');
            latencies.push(performance.now() - t0);
            count += 1;
            onCommit(result, now());
            notify.notify();
          } catch (error) {
            await client.query('rollback');
            if (error?.kind !== 'conflict') throw error;
            conflicts += 1;
          }
        }
      } finally {
        client.release();
      }
    }),
  );
  notify.stop();
  const elapsed = (performance.now() - start) / 1000;
  return { events: count, seconds: round(elapsed, 2), eventsPerSecond: round(count / elapsed, 0), p50Ms: round(percentile(latencies, 50), 2), p99Ms: round(percentile(latencies, 99), 2), conflicts };
}

/** The same row into a plain table (no head read, no lock, no hash, no trigger): what the checks cost. */
async function plainInsertFor({ pool, connections, seconds }) {
  await pool.query(`create schema if not exists bench_baseline`);
  await pool.query(`create table if not exists bench_baseline.event (position bigint generated always as identity primary key, event_id uuid not null,
    stream_type text not null, stream_id text not null, event_type text not null, payload jsonb not null, metadata jsonb not null, occurred_at timestamptz not null)`);
  let count = 0;
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < end) {
          const t0 = performance.now();
          await client.query('begin');
          await client.query(
            `insert into bench_baseline.event (event_id, stream_type, stream_id, event_type, payload, metadata, occurred_at) values ($1, 'bench.item', $2, 'ItemTouched', $3, '{}', now())`,
            [randomUUID(), String(count % 10_000), JSON.stringify({ n: count, label: 'bench' })],
          );
          await client.query('commit');
          latencies.push(performance.now() - t0);
          count += 1;
        }
      } finally {
        client.release();
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return { events: count, eventsPerSecond: round(count / elapsed, 0), p50Ms: round(percentile(latencies, 50), 2), p99Ms: round(percentile(latencies, 99), 2) };
}

export const measurements = [
  {
    name: 'append, many streams',
    description: 'One event per transaction, 16 connections, 10,000 streams (expectedVersion any), against a plain INSERT of the same row.',
    async run({ pool, seconds }) {
      const events = await eventLog();
      const log = await appendFor({ pool, events, connections: 16, seconds, pickStream: () => String(Math.floor(Math.random() * 10_000)) });
      const plain = await plainInsertFor({ pool, connections: 16, seconds });
      return { ...log, baseline: plain, ratio: round(log.eventsPerSecond / plain.eventsPerSecond, 2) };
    },
  },
  {
    name: 'append, one hot stream',
    description: 'One event per transaction, 16 connections, all on one stream: appenders of a stream are serialised.',
    async run({ pool, seconds }) {
      return appendFor({ pool, events: await eventLog(), connections: 16, seconds, pickStream: () => 'hot' });
    },
  },
  {
    name: 'projection lag',
    description: 'Commit to visible in eventlog.daily-activity (handles every event), appending at a fixed rate from 16 connections.',
    async run({ pool, seconds, rate }) {
      const events = await eventLog();
      const commits = [];
      const polls = [];
      let polling = true;
      const watcher = await pool.connect();
      const poller = (async () => {
        while (polling) {
          const { rows } = await watcher.query(`select transaction_id::text as xid, position from eventlog.checkpoint where name = 'eventlog.daily-activity'`);
          if (rows[0]) polls.push({ at: now(), xid: BigInt(rows[0].xid), position: Number(rows[0].position) });
          await sleep(2);
        }
      })();
      const xids = await pool.connect();
      const load = await appendFor({
        pool,
        events,
        connections: 16,
        seconds,
        rate,
        pickStream: () => String(Math.floor(Math.random() * 10_000)),
        onCommit: (result, at) => commits.push({ at, position: result.positions[0] }),
      });
      // Each event's transaction id, to compare it with the checkpoint (transaction_id, position).
      const { rows } = await xids.query(`select position, transaction_id::text as xid from eventlog.event where position = any($1::bigint[])`, [commits.map((c) => c.position)]);
      xids.release();
      const xidOf = new Map(rows.map((r) => [Number(r.position), BigInt(r.xid)]));
      const deadline = now() + 30_000;
      const lags = [];
      let i = 0;
      for (const commit of commits.sort((a, b) => a.at - b.at)) {
        const xid = xidOf.get(commit.position);
        const reached = (p) => p.xid > xid || (p.xid === xid && p.position >= commit.position);
        for (;;) {
          while (i < polls.length && polls[i].at < commit.at) i++;
          const seen = polls.slice(i).find(reached);
          if (seen) {
            lags.push(Math.max(0, seen.at - commit.at));
            break;
          }
          if (now() > deadline) throw new Error(`événement ${commit.position} jamais projeté`);
          await sleep(20);
        }
      }
      polling = false;
      await poller;
      watcher.release();
      return { targetRate: rate, achievedRate: load.eventsPerSecond, events: load.events, lagP50Ms: round(percentile(lags, 50)), lagP99Ms: round(percentile(lags, 99)), lagMaxMs: round(Math.max(...lags)) };
    },
  },
];

const ACCOUNT_EVENTS = ['ProfileUpdated', 'PasswordChanged', 'AccountSuspended', 'AccountReactivated', 'SessionsRevoked', 'ProfileUpdated'];

/**
 * Writes `total` events with valid hash chains straight into eventlog.event (while no app runs):
 * identity-like streams of 10 events (a registration, then changes) over 90 days, so that the
 * identity and daily-activity projections both have work.
 */
export async function generateEvents({ pool, total, log = () => {} }) {
  const { eventHash } = await dist('platform/event-log/event-hash.js');
  const metadata = { actorId: null, actorRole: null, correlationId: null, causationId: null };
  const perStream = 10;
  const chunkStreams = 500;
  const streams = Math.ceil(total / perStream);
  const t0 = Date.parse('2026-08-01T08:00:00.000Z');
  let written = 0;
  const started = performance.now();
  const writeChunk = async (first) => {
    const cols = { id: [], sid: [], ver: [], type: [], payload: [], at: [], prev: [], hash: [] };
    for (let s = first; s < Math.min(first + chunkStreams, streams); s++) {
      const accountId = 1_000_000 + s;
      let prev = null;
      for (let v = 1; v <= perStream && written + cols.id.length < total; v++) {
        const type = v === 1 ? 'StudentRegistered' : ACCOUNT_EVENTS[(s + v) % ACCOUNT_EVENTS.length];
        const payload = v === 1 ? { accountId, studentId: accountId } : { accountId, role: 'student', profileId: accountId, ...(type === 'ProfileUpdated' ? { fields: ['fullname'] } : {}), ...(type === 'PasswordChanged' ? { byAdmin: false } : {}) };
        const occurredAt = new Date(t0 + s * 7_777 + v * 3_600_000).toISOString();
        const eventId = randomUUID();
        const hash = eventHash({ event_id: eventId, stream_type: 'identity.account', stream_id: String(accountId), stream_version: v, event_type: type, schema_version: 1, payload, metadata, occurred_at: occurredAt, prev_hash: prev });
        cols.id.push(eventId);
        cols.sid.push(String(accountId));
        cols.ver.push(v);
        cols.type.push(type);
        cols.payload.push(JSON.stringify(payload));
        cols.at.push(occurredAt);
        cols.prev.push(prev);
        cols.hash.push(hash);
        prev = hash;
      }
    }
    if (cols.id.length === 0) return;
    await pool.query(
      `insert into eventlog.event (event_id, stream_type, stream_id, stream_version, event_type, schema_version, payload, metadata, occurred_at, prev_hash, hash)
       select e.id, 'identity.account', e.sid, e.ver, e.type, 1, e.payload, $9::jsonb, e.at, e.prev, e.hash
         from unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::text[], $8::text[]) as e(id, sid, ver, type, payload, at, prev, hash)`,
      [cols.id, cols.sid, cols.ver, cols.type, cols.payload, cols.at, cols.prev, cols.hash, JSON.stringify(metadata)],
    );
    written += cols.id.length;
  };
  let nextChunk = 0;
  let lastLog = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (nextChunk < streams) {
        const first = nextChunk;
        nextChunk += chunkStreams;
        await writeChunk(first);
        if (written - lastLog >= 100_000) {
          lastLog = written;
          log(`  ${written} événements écrits…`);
        }
      }
    }),
  );
  return { events: written, seconds: round((performance.now() - started) / 1000, 1) };
}
