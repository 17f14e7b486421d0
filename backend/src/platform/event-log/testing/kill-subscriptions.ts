import type pg from 'pg';
import type { Policy, Projection } from '../projection.js';

/**
 * The subscriptions of the two-node kill test (projection-runner-kill.integration.spec.ts), shared
 * by the node the test kills (a child process, compiled) and the node that takes over (the test).
 * `stopAt(n)` is called when event n is in hand, inside the batch: the child parks there until it is
 * killed; the survivor passes no hook.
 */
export const KILL_TABLES = `
  create schema if not exists test;
  create table test.kill_applied (event_id uuid primary key, n int not null, applied int not null);
  create table test.kill_deliveries (event_id uuid not null, pid int not null);
  create table test.kill_effects (event_id uuid primary key, pid int not null)`;

export const KILL_EVENT = 'KillTested';

/** Counts how many times each event was applied (a projection: rows and checkpoint in one transaction). */
export function killProjection(stopAt?: (n: number) => void): Projection {
  return {
    name: 'test.kill-projection',
    table: 'test.kill_applied',
    primaryKey: ['event_id'],
    handles: [KILL_EVENT],
    key: (event) => ({ event_id: event.eventId }),
    evolve: (row, event) => {
      const n = (event.payload as { n: number }).n;
      stopAt?.(n);
      return { event_id: event.eventId, n, applied: ((row?.applied as number | undefined) ?? 0) + 1 };
    },
  };
}

/**
 * A policy whose command is idempotent (a stable key, as every policy's command must be): each
 * delivery is counted, the effect is written once whatever the deliveries.
 */
export function killPolicy(pool: pg.Pool, stopAt?: (n: number) => Promise<void>): Policy {
  return {
    name: 'test.kill-policy',
    handles: [KILL_EVENT],
    async handle(event) {
      await pool.query('insert into test.kill_deliveries (event_id, pid) values ($1, $2)', [event.eventId, process.pid]);
      await pool.query('insert into test.kill_effects (event_id, pid) values ($1, $2) on conflict (event_id) do nothing', [event.eventId, process.pid]);
      await stopAt?.((event.payload as { n: number }).n);
    },
  };
}
