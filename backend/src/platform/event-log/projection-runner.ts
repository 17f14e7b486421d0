import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type pg from 'pg';
import { Clock } from '../../shared-kernel/index.js';
import { AppendSignal } from './append-signal.js';
import { EVENT_LOG_OPTIONS, type EventLogOptions } from './event-log.options.js';
import { EVENT_LOG_DATABASE_URL, EVENT_LOG_POOL } from './event-log.pool.js';
import { UnknownProjectionError } from './event-log.errors.js';
import { NotifyListener } from './notify-listener.js';
import type { Subscription } from './projection.js';
import { ProjectionRegistry } from './projection-registry.js';
import { SubscriptionGroup } from './subscription-group.js';
import { SubscriptionLoop } from './subscription-loop.js';
import { createPolicyWorker, type StepResult, type WorkerDeps, type WorkerLogger } from './subscription-worker.js';

/**
 * Runs every registered projection and policy on this node. One loop steps them all together
 * (SubscriptionGroup: one transaction, one read of the log per place they stand at), woken by the
 * in-process append signal and by PostgreSQL NOTIFY, with polling as the fallback; each policy
 * also has its own loop for its commands, woken by the group when events wait for it. Several
 * nodes may run it on one database: advisory locks let one of them work on each subscription at
 * a time. See docs/adr/0017-one-read-for-every-subscription.md.
 */
@Injectable()
export class ProjectionRunner implements OnApplicationBootstrap, OnModuleDestroy {
  /** Each policy's own loop, by name. */
  private readonly loops = new Map<string, SubscriptionLoop>();
  private group: SubscriptionGroup | null = null;
  private groupLoop: SubscriptionLoop | null = null;
  private readonly cleanups: (() => void)[] = [];
  private listener: NotifyListener | null = null;
  private started = false;
  private stopped = false;

  constructor(
    private readonly registry: ProjectionRegistry,
    @Inject(EVENT_LOG_POOL) private readonly pool: pg.Pool,
    private readonly clock: Clock,
    private readonly signal: AppendSignal,
    @Inject(EVENT_LOG_OPTIONS) private readonly options: EventLogOptions,
    @Inject(EVENT_LOG_DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  private logger: WorkerLogger = new Logger('Projections');
  private onStep?: (name: string, result: StepResult | null) => void;

  /** For runners built outside Nest (tests, benchmarks): where to log, and who watches each step. */
  configure(options: { logger?: WorkerLogger; onStep?: (name: string, result: StepResult | null) => void }): this {
    if (options.logger) this.logger = options.logger;
    if (options.onStep) this.onStep = options.onStep;
    return this;
  }

  onApplicationBootstrap(): void {
    // Not awaited: migrations run after the app's init, the runner waits for its tables.
    if (this.options.runner) void this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  get running(): boolean {
    return this.started && !this.stopped;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    // A stop() that came while the schema check was in flight wins: nothing is started after it.
    if (!(await this.waitForSchema()) || this.stopped) return;
    this.group = new SubscriptionGroup(this.deps, {
      onMemberStep: (name, result) => this.onStep?.(name, result),
      wakePolicy: (name) => this.loops.get(name)?.wake(),
    });
    for (const subscription of this.registry.all()) this.add(subscription);
    this.groupLoop = new SubscriptionLoop(this.group, this.clock, this.options.pollIntervalMs, this.logger, undefined, this.options.minStepIntervalMs);
    this.cleanups.push(this.signal.subscribe(() => this.wake()));
    this.cleanups.push(
      this.registry.onRegister((subscription) => {
        this.add(subscription);
        this.wake();
      }),
    );
    this.listener = new NotifyListener(this.databaseUrl, () => this.wake(), this.logger);
    this.listener.start();
  }

  /** Something was appended: the group looks for work, and wakes the policies it finds work for. */
  wake(): void {
    this.groupLoop?.wake();
  }

  /** An admin asked for a retry now: the backoff is already cleared in the database. */
  retryNow(name: string): void {
    const subscription = this.registry.get(name);
    if (!subscription) throw new UnknownProjectionError(name, this.registry.all().map((s) => s.name));
    if (subscription.kind === 'policy') this.loops.get(name)?.wake(true);
    else this.groupLoop?.wake(true);
  }

  /**
   * Stops every loop once its step in progress is done, then runs one last step of the group, so
   * that the events the last requests appended are projected before the node goes away (a graceful
   * stop runs it after the HTTP server has drained: docs/adr/0023). That step failing (the database
   * away) loses nothing: the next start resumes from the checkpoints.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    await this.listener?.stop();
    await Promise.all([this.groupLoop, ...this.loops.values()].map((loop) => loop?.stop()));
    if (!this.group) return;
    try {
      let result = await this.group.step();
      // Catching up: a few more full batches, not an unbounded tail at shutdown.
      for (let i = 0; i < 10 && result.kind === 'done' && result.more; i++) result = await this.group.step();
    } catch (error) {
      this.logger.error(`Dernière étape des projections avant l'arrêt impossible : ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private get deps(): WorkerDeps {
    return { pool: this.pool, clock: this.clock, options: this.options, logger: this.logger };
  }

  private add(subscription: Subscription): void {
    if (this.stopped) return;
    this.group!.add(subscription);
    if (subscription.kind !== 'policy') return;
    const worker = createPolicyWorker(subscription.policy, this.deps);
    const onStep = this.onStep ? (result: StepResult | null) => this.onStep!(subscription.name, result) : undefined;
    this.loops.set(
      subscription.name,
      new SubscriptionLoop(worker, this.clock, this.options.pollIntervalMs, this.logger, onStep, this.options.minStepIntervalMs),
    );
  }

  private async waitForSchema(): Promise<boolean> {
    let delay = 50;
    while (!this.stopped) {
      try {
        const { rows } = await this.pool.query(`select to_regclass('eventlog.checkpoint') is not null as ready`);
        if (rows[0].ready) return true;
      } catch {
        // the database is not reachable yet
      }
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      delay = Math.min(delay * 2, this.options.pollIntervalMs);
    }
    return false;
  }
}
