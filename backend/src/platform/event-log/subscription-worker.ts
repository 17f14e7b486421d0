import type pg from 'pg';
import type { Clock } from '../../shared-kernel/index.js';
import { advanceCheckpoint, ensureCheckpoint, readCheckpoint, recordFailure } from './checkpoints.js';
import { withEventContext } from './event-context.js';
import { positionOf, readBatch, samePosition, type LogPosition } from './event-reader.js';
import { retryDelayMs, type EventLogOptions } from './event-log.options.js';
import type { Failure } from './evolve-batch.js';
import type { Policy } from './projection.js';
import { sqlExecutor, type SqlExecutor } from './sql-executor.js';

/** Advisory locks of the event log live in their own class ('EVLG'), keyed by hashtext(name). */
export const LOCK_CLASS = 0x45564c47;

export type StepResult =
  | { kind: 'busy' }
  | { kind: 'waiting'; retryAt: Date }
  | { kind: 'failed'; retryAt: Date; failure: Failure }
  | { kind: 'done'; applied: number; more: boolean; blocked: boolean; nextCheckAt?: Date };

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

/**
 * One step of work on the log: take the lock, read a batch after the checkpoint, handle it, move
 * on. A policy's worker (below) or the group of this node's projections (subscription-group.ts).
 */
export interface SubscriptionWorker {
  readonly name: string;
  step(): Promise<StepResult>;
}

export function createPolicyWorker(policy: Policy, deps: WorkerDeps): SubscriptionWorker {
  return new PolicyWorker(policy, deps);
}

export function retryDelay(deps: WorkerDeps) {
  return (errorCount: number) => retryDelayMs(errorCount, deps.options);
}

export function logFailure(deps: WorkerDeps, name: string, failure: Failure, errorCount: number, next: Date): void {
  const reason = failure.error instanceof Error ? (failure.error.stack ?? failure.error.message) : String(failure.error);
  deps.logger.error(
    `${name} s'arrête à l'événement ${failure.event.position} (${failure.event.type}, ${failure.event.eventId}), échec n° ${errorCount}, ` +
      `nouvel essai à ${next.toISOString()} : ${reason}`,
  );
}

/**
 * A policy dispatches commands that commit in their own transactions, at least once per event: its
 * checkpoint moves once per batch (or to just before an event that fails), so a node stopped
 * mid-batch hands the batch's events again to the next one, whose commands find them done. A
 * session-level advisory lock keeps other nodes off it without holding a transaction open while
 * the commands run.
 */
class PolicyWorker implements SubscriptionWorker {
  private ensured = false;

  constructor(
    private readonly policy: Policy,
    private readonly deps: WorkerDeps,
  ) {}

  get name(): string {
    return this.policy.name;
  }

  async step(): Promise<StepResult> {
    const client = await this.deps.pool.connect();
    const sql = sqlExecutor(client);
    const [{ locked }] = await sql.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [LOCK_CLASS, this.policy.name]).catch((error: unknown) => {
      client.release(true);
      throw error;
    });
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
    if (!this.ensured) this.ensured = await ensureCheckpoint(sql, this.policy.name, 'policy');
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
        // The checkpoint moves to just before the failing event, counting those handled before it.
        const failure = { index, event, error };
        const { errorCount, nextRetryAt } = await recordFailure(sql, this.policy.name, at, index, event, error, this.deps.clock.now(), retryDelay(this.deps));
        logFailure(this.deps, this.policy.name, failure, errorCount, nextRetryAt);
        return { kind: 'failed', retryAt: nextRetryAt, failure };
      }
      at = positionOf(event);
    }
    if (!samePosition(batch.end, checkpoint)) await advanceCheckpoint(sql, this.policy.name, batch.end, batch.events.length);
    return { kind: 'done', applied: batch.events.length, more: batch.more, blocked: batch.blocked };
  }
}
