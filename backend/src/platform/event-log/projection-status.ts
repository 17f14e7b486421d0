import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { UnknownProjectionError } from './event-log.errors.js';
import { EVENT_LOG_POOL } from './event-log.pool.js';
import { ProjectionRegistry } from './projection-registry.js';
import { ProjectionRunner } from './projection-runner.js';

export interface SubscriptionStatus {
  name: string;
  kind: 'projection' | 'policy';
  /** Registered by this node's code (false: a checkpoint left by removed code). */
  registered: boolean;
  handles: readonly string[] | 'all';
  status: 'ok' | 'en_retard' | 'en_echec' | 'jamais_lancee';
  position: number;
  transaction_id: string;
  events_applied: number;
  /** Events in the log after the checkpoint (counted up to 10,000). */
  lag_events: number;
  /** Age of the oldest event after the checkpoint. */
  lag_seconds: number;
  updated_at: string | null;
  rebuilt_at: string | null;
  last_error: string | null;
  failing_position: number | null;
  failing_event_type: string | null;
  error_count: number;
  failed_at: string | null;
  next_retry_at: string | null;
}

export interface ProjectionsStatus {
  status: 'ok' | 'degraded' | 'unavailable';
  runner: 'on' | 'off';
  last_position: number;
  /** The oldest write transaction still open anywhere on the server holds every projection back. */
  oldest_transaction_seconds: number | null;
  items: SubscriptionStatus[];
}

const LAG_COUNT_LIMIT = 10_000;
const LATE_AFTER_SECONDS = 60;

/** Checkpoints, lag and failures of every projection and policy, for admins and /api/health. */
@Injectable()
export class ProjectionStatusService {
  constructor(
    @Inject(EVENT_LOG_POOL) private readonly pool: pg.Pool,
    private readonly registry: ProjectionRegistry,
    private readonly runner: ProjectionRunner,
  ) {}

  private cached: { at: number; value: Promise<ProjectionsStatus> } | null = null;

  /** The status at most `maxAgeMs` old: /api/health is polled often, by every load balancer. */
  cachedStatus(maxAgeMs = 1000): Promise<ProjectionsStatus> {
    const now = performance.now();
    if (!this.cached || now - this.cached.at > maxAgeMs) {
      const value = this.status();
      this.cached = { at: now, value };
      value.catch(() => (this.cached = null));
    }
    return this.cached.value;
  }

  async status(): Promise<ProjectionsStatus> {
    const { rows } = await this.pool.query(
      `select c.name, c.kind, c.transaction_id::text, c.position, c.events_applied, c.updated_at, c.rebuilt_at, c.last_error,
              c.failing_position, c.failing_event_type, c.error_count, c.failed_at, c.next_retry_at,
              (select count(*)::int from (select 1 from eventlog.event e where (e.transaction_id, e.position) > (c.transaction_id, c.position)
                                           limit ${LAG_COUNT_LIMIT}) behind) as lag_events,
              coalesce(extract(epoch from clock_timestamp() - (
                select e.recorded_at from eventlog.event e where (e.transaction_id, e.position) > (c.transaction_id, c.position)
                 order by e.transaction_id, e.position limit 1)), 0)::float8 as lag_seconds
         from eventlog.checkpoint c order by c.name`,
    );
    const [head] = (
      await this.pool.query(
        `select coalesce((select max(position) from eventlog.event), 0) as last_position,
                (select extract(epoch from clock_timestamp() - min(xact_start))::float8 from pg_stat_activity where backend_xid is not null) as oldest`,
      )
    ).rows;
    const byName = new Map(rows.map((r) => [r.name as string, r]));
    const names = new Set([...this.registry.all().map((s) => s.name), ...byName.keys()]);
    const items = [...names].sort().map((name): SubscriptionStatus => {
      const row = byName.get(name);
      const subscription = this.registry.get(name);
      const handles = subscription ? (subscription.kind === 'policy' ? subscription.policy.handles : subscription.projection.handles) : [];
      const lagSeconds = Math.round(Number(row?.lag_seconds ?? 0) * 1000) / 1000;
      const status = !row ? 'jamais_lancee' : row.last_error ? 'en_echec' : lagSeconds > LATE_AFTER_SECONDS ? 'en_retard' : 'ok';
      return {
        name,
        kind: subscription?.kind ?? row?.kind,
        registered: Boolean(subscription),
        handles,
        status,
        position: Number(row?.position ?? 0),
        transaction_id: row?.transaction_id ?? '0',
        events_applied: Number(row?.events_applied ?? 0),
        lag_events: Number(row?.lag_events ?? head.last_position),
        lag_seconds: lagSeconds,
        updated_at: iso(row?.updated_at),
        rebuilt_at: iso(row?.rebuilt_at),
        last_error: row?.last_error ?? null,
        failing_position: row?.failing_position === null || row?.failing_position === undefined ? null : Number(row.failing_position),
        failing_event_type: row?.failing_event_type ?? null,
        error_count: row?.error_count ?? 0,
        failed_at: iso(row?.failed_at),
        next_retry_at: iso(row?.next_retry_at),
      };
    });
    const degraded = items.some((i) => i.registered && i.status !== 'ok');
    return {
      status: degraded ? 'degraded' : 'ok',
      runner: this.runner.running ? 'on' : 'off',
      last_position: Number(head.last_position),
      oldest_transaction_seconds: head.oldest === null ? null : Math.round(Number(head.oldest) * 1000) / 1000,
      items,
    };
  }

  /** Clears a failing subscription's backoff and wakes it on this node. */
  async retryNow(name: string): Promise<void> {
    if (!this.registry.get(name)) throw new UnknownProjectionError(name, this.registry.all().map((s) => s.name));
    await this.pool.query('update eventlog.checkpoint set next_retry_at = null where name = $1', [name]);
    this.runner.retryNow(name);
  }
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : new Date(value as Date).toISOString();
}
