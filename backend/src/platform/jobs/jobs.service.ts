import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JobQueue, type JobDefinition, type JobStatus, type QueueCounts } from './job-queue.js';

/** The database URL the queue runs on (the app's own, docs/adr/0031). */
export const JOBS_DATABASE_URL = Symbol('JOBS_DATABASE_URL');

/** A job sent before this node's queue has started (or after it stopped). */
export class JobsDisabledError extends Error {
  constructor() {
    super('La file de tâches n’est pas démarrée sur ce serveur.');
  }
}

/**
 * The job queue in the app (docs/adr/0031, « How it is used » 1–4). A context defines its job
 * types with `define` (in its providers' `onModuleInit`, or later: a type defined after the start
 * is registered at once) and sends jobs with `send`; this service starts pg-boss on the app's
 * database once the app is bootstrapped (after the migrations), runs the handlers, and stops
 * gracefully with the app within SHUTDOWN_GRACE_SECONDS (docs/adr/0023).
 *
 * Handlers must be idempotent: delivery is at least once (a job cut off by a stop runs again).
 */
@Injectable()
export class Jobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Tâches');
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly declared = new Map<string, number>();
  private queue: JobQueue | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOBS_DATABASE_URL) private readonly databaseUrl: string,
  ) {}

  /** Whether this node runs jobs (JOBS_ENABLED): its workers and schedules are started. */
  get running(): boolean {
    return this.queue !== null && this.config.jobsEnabled;
  }

  /**
   * Whether this node can send jobs and read their status: every node once started, with or
   * without workers (a JOBS_ENABLED=false node's jobs are run by the nodes that work, docs/adr/0059).
   */
  get sending(): boolean {
    return this.queue !== null;
  }

  async define<T extends object>(definition: JobDefinition<T>): Promise<void> {
    if (this.definitions.has(definition.name)) throw new Error(`Le type de tâche ${definition.name} est déjà défini.`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    if (this.queue) await this.queue.define(definition);
  }

  /**
   * A job type this node sends but does not run (another node's worker does): its queue only.
   * Declared types are created at the start like defined ones.
   */
  async declare(name: string, retryLimit: number): Promise<void> {
    if (this.definitions.has(name) || this.declared.has(name)) return;
    this.declared.set(name, retryLimit);
    if (this.queue) await this.queue.declare(name, retryLimit);
  }

  /** `options.id`: the job's id chosen beforehand; sent again with it, the first job stays and its id is answered. */
  async send<T extends object>(name: string, data: T, options: { id?: string } = {}): Promise<string> {
    if (!this.queue) throw new JobsDisabledError();
    if (!this.definitions.has(name) && !this.declared.has(name)) throw new Error(`Type de tâche inconnu : ${name}.`);
    return this.queue.send(name, data, options);
  }

  /** A job's state, attempts and progress; null for an unknown id (or before the queue has started). */
  async status(id: string): Promise<JobStatus | null> {
    return this.queue ? this.queue.status(id) : null;
  }

  /** The depth of every queue this node knows (the same on every node: pg-boss counts in the database). */
  async queueCounts(): Promise<QueueCounts[]> {
    return this.queue ? this.queue.counts() : [];
  }

  async onApplicationBootstrap(): Promise<void> {
    const workers = this.config.jobsEnabled;
    const queue = new JobQueue(this.databaseUrl, { workers, onError: (error) => this.logger.warn(`pg-boss : ${error.message}`) });
    await queue.start();
    for (const [name, retryLimit] of this.declared) await queue.declare(name, retryLimit);
    for (const definition of this.definitions.values()) await queue.define(definition);
    this.queue = queue;
    this.logger.log(
      workers
        ? `File de tâches démarrée (pg-boss, schéma jobs, ${this.definitions.size} type(s) de tâche).`
        : 'File de tâches démarrée sans exécution (JOBS_ENABLED=false) : ce serveur envoie des tâches, les autres les exécutent.',
    );
  }

  async onApplicationShutdown(): Promise<void> {
    const queue = this.queue;
    this.queue = null;
    if (!queue) return;
    await queue.stop(this.config.shutdownGraceSeconds);
    this.logger.log('File de tâches arrêtée.');
  }
}
