import { advanceCheckpoints, ensureCheckpoints, readCheckpoints, recordFailure, type Checkpoint } from './checkpoints.js';
import { positionOf, readBatch, samePosition, type Batch, type LogPosition } from './event-reader.js';
import type { Failure } from './evolve-batch.js';
import { handledTypes, type Projection, type Subscription } from './projection.js';
import { ProjectionTable } from './projection-table.js';
import type { RecordedEvent } from './recorded-event.js';
import { sqlExecutor, type SqlExecutor } from './sql-executor.js';
import { LOCK_CLASS, logFailure, retryDelay, type StepResult, type SubscriptionWorker, type WorkerDeps } from './subscription-worker.js';

export interface GroupHooks {
  /** What each member's share of a step came to (the runner's onStep). */
  onMemberStep?(name: string, result: StepResult): void;
  /** Events a policy handles wait after its checkpoint: its own loop has work. */
  wakePolicy(name: string): void;
}

interface Member {
  subscription: Subscription;
  /** The event types it handles; null for all. */
  types: ReadonlySet<string> | null;
}

interface Move {
  name: string;
  to: LogPosition;
  applied: number;
}

interface Share {
  result: StepResult;
  move?: Move;
  failure?: { failure: Failure; errorCount: number; nextRetryAt: Date };
}

/** Members standing at one place in the log: one read serves them all. */
interface Cohort {
  at: LogPosition;
  members: { member: Member; checkpoint: Checkpoint }[];
  batch?: Batch;
}

const compare = (a: LogPosition, b: LogPosition): number => {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  return ta === tb ? a.position - b.position : ta < tb ? -1 : 1;
};

/**
 * Every subscription of a node, stepped together (docs/adr/0017): one transaction takes each one's
 * advisory lock that is free, reads their checkpoints in one statement, reads the log once for all
 * those standing at the same place, applies each projection's share of the batch under its own
 * savepoint, and moves every checkpoint in one statement before the commit. So each projection's
 * rows and checkpoint still change together, exactly once, and a failing one stops alone at its
 * event with its own backoff. Policies run their commands in their own loop (subscription-worker.ts):
 * here their checkpoint only moves past events they do not handle, and their loop is woken when
 * some wait for them.
 */
export class SubscriptionGroup implements SubscriptionWorker {
  readonly name = 'projections';
  private readonly members = new Map<string, Member>();
  private readonly tables = new Map<string, ProjectionTable>();
  private unensured: Subscription[] = [];

  constructor(
    private readonly deps: WorkerDeps,
    private readonly hooks: GroupHooks,
  ) {}

  add(subscription: Subscription): void {
    const types = handledTypes(subscription);
    this.members.set(subscription.name, { subscription, types: types === null ? null : new Set(types) });
    this.unensured.push(subscription);
  }

  async step(): Promise<StepResult> {
    if (this.members.size === 0) return { kind: 'done', applied: 0, more: false, blocked: false };
    const client = await this.deps.pool.connect();
    const sql = sqlExecutor(client);
    const shares = new Map<string, Share>();
    const wake: string[] = [];
    let more = false;
    let blocked = false;
    try {
      if (this.unensured.length > 0) {
        const adding = this.unensured;
        await ensureCheckpoints(sql, adding.map((s) => ({ name: s.name, kind: s.kind })));
        this.unensured = this.unensured.filter((s) => !adding.includes(s));
      }
      await sql.query('begin');
      const names = [...this.members.keys()];
      const locked = await sql.query<{ name: string }>('select name from unnest($2::text[]) as name where pg_try_advisory_xact_lock($1, hashtext(name))', [
        LOCK_CLASS,
        names,
      ]);
      const lockedNames = new Set(locked.map((r) => r.name));
      for (const name of names) if (!lockedNames.has(name)) shares.set(name, { result: { kind: 'busy' } });
      const cohorts = this.cohorts(await readCheckpoints(sql, [...lockedNames]), shares);
      // Every read before any write: a transaction that has written counts among the running
      // ones, which would lower the horizon of the reads after it.
      let cap: LogPosition | null = null;
      for (const cohort of cohorts) {
        cohort.batch = await readBatch(sql, cohort.at, this.types(cohort), this.deps.options.batchSize, cap);
        // Those behind read up to where the first stopped, so that once caught up they stand at
        // the same place and share its reads from then on.
        cap ??= cohort.batch.tip ?? cohort.at;
        more ||= cohort.batch.more;
        blocked ||= cohort.batch.blocked;
      }
      for (const cohort of cohorts) {
        const batch = cohort.batch!;
        for (const { member, checkpoint } of cohort.members) {
          const events = member.types === null ? batch.events : batch.events.filter((e) => member.types!.has(e.type));
          const subscription = member.subscription;
          if (subscription.kind === 'policy' && events.length > 0) {
            wake.push(subscription.name);
            continue;
          }
          const share =
            subscription.kind === 'projection' && events.length > 0
              ? await this.project(sql, subscription.projection, checkpoint, events, batch)
              : { result: done(0, batch), move: samePosition(batch.end, checkpoint) ? undefined : { name: subscription.name, to: batch.end, applied: 0 } };
          shares.set(subscription.name, share);
          if (share.result.kind === 'done' && share.result.more) more = true;
        }
      }
      await advanceCheckpoints(sql, [...shares.values()].flatMap((s) => (s.move ? [s.move] : [])));
      await sql.query('commit');
    } catch (error) {
      await sql.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    return this.report(shares, wake, more, blocked);
  }

  /** The members free to work, by the place they stand at, the one furthest on first. */
  private cohorts(checkpoints: Checkpoint[], shares: Map<string, Share>): Cohort[] {
    const now = this.deps.clock.now();
    const byPlace = new Map<string, Cohort>();
    for (const checkpoint of checkpoints) {
      const member = this.members.get(checkpoint.name)!;
      if (checkpoint.nextRetryAt && checkpoint.nextRetryAt > now) {
        shares.set(checkpoint.name, { result: { kind: 'waiting', retryAt: checkpoint.nextRetryAt } });
        continue;
      }
      const place = `${checkpoint.transactionId}:${checkpoint.position}`;
      const cohort = byPlace.get(place) ?? { at: { transactionId: checkpoint.transactionId, position: checkpoint.position }, members: [] };
      cohort.members.push({ member, checkpoint });
      byPlace.set(place, cohort);
    }
    // A checkpoint removed meanwhile (a migration) is made again on the next step.
    for (const [name, member] of this.members) {
      if (!shares.has(name) && !checkpoints.some((c) => c.name === name)) this.unensured.push(member.subscription);
    }
    return [...byPlace.values()].sort((a, b) => compare(b.at, a.at));
  }

  /** The types the cohort's read asks for: everything any of its members handles. */
  private types(cohort: Cohort): string[] | null {
    const types = new Set<string>();
    for (const { member } of cohort.members) {
      if (member.types === null) return null;
      for (const type of member.types) types.add(type);
    }
    return [...types];
  }

  /**
   * A projection's share of the batch, under its own savepoint: on success its checkpoint moves to
   * the batch's end; on a throwing key or evolve it keeps the rows before the event and stops just
   * before it; when the database refuses a row (or its table), the first event alone is tried, to
   * find the culprit.
   */
  private async project(sql: SqlExecutor, projection: Projection, checkpoint: Checkpoint, events: RecordedEvent[], batch: Batch): Promise<Share> {
    await sql.query('savepoint rows');
    let outcome: { applied: number; failure?: Failure };
    try {
      const table = this.tables.get(projection.name) ?? (await ProjectionTable.describe(sql, projection));
      this.tables.set(projection.name, table);
      outcome = await table.apply(sql, projection.table, events);
    } catch (error) {
      await sql.query('rollback to savepoint rows');
      if (events.length > 1) return this.project(sql, projection, checkpoint, events.slice(0, 1), { ...batch, end: positionOf(events[0]), more: true });
      outcome = { applied: 0, failure: { index: 0, event: events[0], error } };
    }
    if (!outcome.failure) return { result: done(events.length, batch), move: { name: projection.name, to: batch.end, applied: events.length } };
    const failure = outcome.failure;
    const at = failure.index === 0 ? checkpoint : positionOf(events[failure.index - 1]);
    const recorded = await recordFailure(sql, projection.name, at, failure.index, failure.event, failure.error, this.deps.clock.now(), retryDelay(this.deps));
    return { result: { kind: 'failed', retryAt: recorded.nextRetryAt, failure }, failure: { failure, ...recorded } };
  }

  /** After the commit: failures logged, policies woken, each member's result told; the loop's result. */
  private report(shares: Map<string, Share>, wake: string[], more: boolean, blocked: boolean): StepResult {
    let applied = 0;
    let nextCheckAt: Date | undefined;
    for (const [name, { result, failure }] of shares) {
      if (failure) logFailure(this.deps, name, failure.failure, failure.errorCount, failure.nextRetryAt);
      if (result.kind === 'done') applied += result.applied;
      if ((result.kind === 'waiting' || result.kind === 'failed') && (!nextCheckAt || result.retryAt < nextCheckAt)) nextCheckAt = result.retryAt;
      this.hooks.onMemberStep?.(name, result);
    }
    for (const name of wake) this.hooks.wakePolicy(name);
    // Every member held by another node: this node's loop leaves the work to it (subscription-loop.ts).
    if (shares.size > 0 && [...shares.values()].every(({ result }) => result.kind === 'busy')) return { kind: 'busy' };
    return { kind: 'done', applied, more, blocked, ...(nextCheckAt ? { nextCheckAt } : {}) };
  }
}

function done(applied: number, batch: Batch): StepResult {
  return { kind: 'done', applied, more: batch.more, blocked: batch.blocked };
}
