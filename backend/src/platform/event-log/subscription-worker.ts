import type pg from 'pg';
import type { Clock } from '../../shared-kernel/index.js';
import { advanceCheckpoint, ensureCheckpoint, readCheckpoint, recordFailure } from './checkpoints.js';
import { withEventContext } from './event-context.js';
import { positionOf, readBatch, samePosition, type LogPosition } from './event-reader.js';
import { retryDelayMs, type EventLogOptions } from './event-log.options.js';
import type { Failure } from './evolve-batch.js';
import { handledTypes, type Policy, type Projection, type Subscription } from './projection.js';
import { ProjectionTable } from './projection-table.js';
import { sqlExecutor, type SqlExecutor } from './sql-executor.js';

/** Advisory locks of the event log live in their own class ('EVLG'), keyed by hashtext(name). */
export const LOCK_CLASS = 0x45564c47;

export type StepResult =
  | { kind: 'busy' }
  | { kind: 'waiting'; retryAt: Date }
  | { kind: 'failed'; retryAt: Date; failure: Failure }
  | { kind: 'done'; applied: number; more: boolean; blocked: boolean };

export interface WorkerLogger {
  error(message: string): void;
  log(message: string): void;
}

export interface WorkerDeps {
  pool: pg.Pool;
  clock: Clock;
  options: EventLogOptions;
  logger: WorkerLogger;
}

/** One step of a subscription: take its lock, read a batch after its checkpoint, handle it, move on. */
export interface SubscriptionWorker {
  readonly subscription: Subscription;
  step(): Promise<StepResult>;
}

export function createWorker(subscription: Subscription, deps: WorkerDeps): SubscriptionWorker {
  return subscription.kind === 'projection'
    ? new ProjectionWorker(subscription, subscription.projection, deps)
    : new PolicyWorker(subscription, subscription.policy, deps);
}

function retryDelay(deps: WorkerDeps) {
  return (errorCount: number) => retryDelayMs(errorCount, deps.options);
}

function logFailure(deps: WorkerDeps, name: string, failure: Failure, errorCount: number, next: Date): void {
  const reason = failure.error instanceof Error ? (failure.error.stack ?? failure.error.message) : String(failure.error);
  deps.logger.error(
    `${name} s'arrête à l'événement ${failure.event.position} (${failure.event.type}, ${failure.event.eventId}), échec n° ${errorCount}, ` +
      `nouvel essai à ${next.toISOString()} : ${reason}`,
  );
}

/**
 * Rows and checkpoint are saved in one transaction, under a transaction-level advisory lock: of
 * several app nodes only one works on a projection at a time, and none applies an event twice.
 */
class ProjectionWorker implements SubscriptionWorker {
  private table?: ProjectionTable;
  private ensured = false;

  constructor(
    readonly subscription: Subscription,
    private readonly projection: Projection,
    private readonly deps: WorkerDeps,
  ) {}

  async step(): Promise<StepResult> {
    const result = await this.attempt(this.deps.options.batchSize);
    // The database refused the batch's rows (a constraint, a missing column): retry one event at a time to find the culprit.
    return result === 'one-by-one' ? (this.attempt(1) as Promise<StepResult>) : result;
  }

  private async attempt(limit: number): Promise<StepResult | 'one-by-one'> {
    const client = await this.deps.pool.connect();
    const sql = sqlExecutor(client);
    try {
      if (!this.ensured) this.ensured = await ensureCheckpoint(sql, this.projection.name, 'projection');
      await sql.query('begin');
      const [{ locked }] = await sql.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1, hashtext($2)) as locked', [
        LOCK_CLASS,
        this.projection.name,
      ]);
      if (!locked) {
        await sql.query('rollback');
        return { kind: 'busy' };
      }
      const checkpoint = await readCheckpoint(sql, this.projection.name, 'projection');
      if (checkpoint.nextRetryAt && checkpoint.nextRetryAt > this.deps.clock.now()) {
        await sql.query('rollback');
        return { kind: 'waiting', retryAt: checkpoint.nextRetryAt };
      }
      const batch = await readBatch(sql, checkpoint, handledTypes(this.subscription), limit);
      if (batch.events.length === 0 && samePosition(batch.end, checkpoint)) {
        await sql.query('rollback');
        return { kind: 'done', applied: 0, more: false, blocked: batch.blocked };
      }
      this.table ??= await ProjectionTable.describe(sql, this.projection);
      let result: { applied: number; failure?: Failure };
      await sql.query('savepoint rows');
      try {
        result = await this.table.apply(sql, this.projection.table, batch.events);
      } catch (error) {
        await sql.query('rollback to savepoint rows');
        if (limit > 1) {
          await sql.query('rollback');
          return 'one-by-one';
        }
        result = { applied: 0, failure: { index: 0, event: batch.events[0], error } };
      }
      if (!result.failure) {
        await advanceCheckpoint(sql, this.projection.name, batch.end, batch.events.length);
        await sql.query('commit');
        return { kind: 'done', applied: batch.events.length, more: batch.more, blocked: batch.blocked };
      }
      const failure = result.failure;
      const at: LogPosition = failure.index === 0 ? checkpoint : positionOf(batch.events[failure.index - 1]);
      const recorded = await recordFailure(sql, this.projection.name, at, failure.index, failure.event, failure.error, this.deps.clock.now(), retryDelay(this.deps));
      await sql.query('commit');
      logFailure(this.deps, this.projection.name, failure, recorded.errorCount, recorded.nextRetryAt);
      return { kind: 'failed', retryAt: recorded.nextRetryAt, failure };
    } catch (error) {
      await sql.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/**
 * A policy dispatches commands that commit in their own transactions, so its checkpoint moves
 * after each event (at least once). A session-level advisory lock keeps other nodes off it
 * without holding a transaction open while the commands run.
 */
class PolicyWorker implements SubscriptionWorker {
  constructor(
    readonly subscription: Subscription,
    private readonly policy: Policy,
    private readonly deps: WorkerDeps,
  ) {}

  async step(): Promise<StepResult> {
    const client = await this.deps.pool.connect();
    const sql = sqlExecutor(client);
    const [{ locked }] = await sql.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [LOCK_CLASS, this.policy.name]);
    if (!locked) {
      client.release();
      return { kind: 'busy' };
    }
    try {
      return await this.handleBatch(sql);
    } finally {
      // A connection that could not unlock goes away with its lock rather than back to the pool.
      const unlocked = await sql.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, this.policy.name]).then(
        () => true,
        () => false,
      );
      client.release(!unlocked);
    }
  }

  private async handleBatch(sql: SqlExecutor): Promise<StepResult> {
    await ensureCheckpoint(sql, this.policy.name, 'policy');
    const checkpoint = await readCheckpoint(sql, this.policy.name, 'policy');
    if (checkpoint.nextRetryAt && checkpoint.nextRetryAt > this.deps.clock.now()) return { kind: 'waiting', retryAt: checkpoint.nextRetryAt };
    const limit = Math.min(this.deps.options.batchSize, 50);
    const batch = await readBatch(sql, checkpoint, this.policy.handles, limit);
    let at: LogPosition = checkpoint;
    for (const [index, event] of batch.events.entries()) {
      try {
        await withEventContext({ actor: null, causationId: event.eventId, correlationId: event.metadata.correlationId ?? event.eventId }, () =>
          this.policy.handle(event),
        );
      } catch (error) {
        const failure = { index, event, error };
        const { errorCount, nextRetryAt } = await recordFailure(sql, this.policy.name, at, 0, event, error, this.deps.clock.now(), retryDelay(this.deps));
        logFailure(this.deps, this.policy.name, failure, errorCount, nextRetryAt);
        return { kind: 'failed', retryAt: nextRetryAt, failure };
      }
      at = positionOf(event);
      await advanceCheckpoint(sql, this.policy.name, at, 1);
    }
    if (!samePosition(batch.end, at)) await advanceCheckpoint(sql, this.policy.name, batch.end, 0);
    return { kind: 'done', applied: batch.events.length, more: batch.more, blocked: batch.blocked };
  }
}
