import pg from 'pg';
import { PgBoss } from 'pg-boss';

/**
 * The job queue (docs/adr/0031): pg-boss on the app's own database, in the schema `jobs`, so jobs
 * survive a restart and one job runs once however many app nodes poll (SKIP LOCKED). pg-boss keeps
 * no progress while a job runs: `jobs.job_progress` holds what a handler reports.
 */
export const JOBS_SCHEMA = 'jobs';

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobContext<T> {
  id: string;
  data: T;
  /** Records how far the job is (done of total); readable through `status` at once. */
  progress(done: number, total: number): Promise<void>;
}

export interface JobDefinition<T> {
  name: string;
  /** Retries after the first try; the job is `failed` after retryLimit + 1 tries. */
  retryLimit: number;
  retryDelaySeconds?: number;
  /**
   * How long one try may run before pg-boss takes it for lost and tries again (default 15 min): a
   * long batch sets more, or its tries would be cut off and run again beside themselves.
   */
  expireInSeconds?: number;
  /**
   * A worker running a job of this type beats every half of this (pg-boss does it); a job whose
   * beats stop (its process killed, its machine gone) is failed and retried after this many
   * seconds (at least 10) instead of after `expireInSeconds`: a long batch cut off by a crash
   * resumes within a minute or two, not hours later.
   */
  heartbeatSeconds?: number;
  /** A cron expression (Europe/Paris) when the job is also sent on a schedule (pg-boss schedule: one send per tick across nodes). */
  schedule?: string;
  /**
   * Its work; what it returns (a small JSON object) is kept by pg-boss as the job's output and read
   * back by `status` (a batch's skipped learners, say).
   */
  handler: (job: JobContext<T>) => Promise<void | object>;
}

/** A queue's jobs by state. */
export interface QueueCounts {
  name: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
}

export interface JobStatus {
  id: string;
  name: string;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  progress: { done: number; total: number } | null;
  /** What the handler returned, once completed (pg-boss's job output); null otherwise. */
  output: object | null;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly pool: pg.Pool;
  private readonly names = new Set<string>();

  constructor(
    databaseUrl: string,
    private readonly options: {
      pollingIntervalSeconds?: number;
      superviseIntervalSeconds?: number;
      onError?: (error: Error) => void;
      /**
       * false: this node sends jobs and reads their status but runs none (JOBS_ENABLED=false, docs/adr/0059):
       * no worker, no schedule, no supervision; the nodes that work do all three.
       */
      workers?: boolean;
    } = {},
  ) {
    // Supervision (expiries, missed heartbeats) every 60 s unless asked (a test asks for less).
    const supervise = options.superviseIntervalSeconds;
    const sendOnly = options.workers === false ? { supervise: false, schedule: false } : {};
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: JOBS_SCHEMA,
      ...(supervise ? { superviseIntervalSeconds: supervise, monitorIntervalSeconds: supervise } : {}),
      ...sendOnly,
    });
    this.boss.on('error', (error: Error) => this.options.onError?.(error));
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    // An idle connection the server drops (a PostgreSQL restart, ADR 0023) emits 'error' on the pool:
    // unheard, it would end the process. The next query opens a fresh connection.
    this.pool.on('error', (error: Error) => this.options.onError?.(error));
  }

  /** Creates or upgrades pg-boss's schema and the progress table (idempotent, safe on every node). */
  async start(): Promise<void> {
    await this.boss.start();
    // Nodes starting together on a new database: `if not exists` alone races in PostgreSQL's catalog.
    await this.pool.query(
      `do $$ begin
         perform pg_advisory_xact_lock(hashtextextended('jobs:job_progress', 0));
         create table if not exists ${JOBS_SCHEMA}.job_progress (
           job_id uuid primary key, done integer not null, total integer not null, updated_at timestamptz not null default now());
       end $$`,
    );
    await this.cleanProgress();
  }

  /**
   * Deletes the progress of jobs pg-boss no longer keeps (its retention deletes a finished job after
   * `deleteAfterSeconds`, 7 days by default): the progress lives as long as its job, not forever.
   * Run at the start and after every job; returns how many rows went.
   */
  async cleanProgress(): Promise<number> {
    const result = await this.pool.query(
      `delete from ${JOBS_SCHEMA}.job_progress p where not exists (select 1 from ${JOBS_SCHEMA}.job j where j.id = p.job_id)`,
    );
    return result.rowCount ?? 0;
  }

  async define<T extends object>(definition: JobDefinition<T>): Promise<void> {
    const options = {
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds ?? 0,
      ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
    };
    await this.boss.createQueue(definition.name, { ...options, ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}) });
    // createQueue leaves an existing queue as it was: a definition changed since (an expiry, a
    // heartbeat) is put in force on a database that already has the queue.
    await this.boss.updateQueue(definition.name, { ...options, heartbeatSeconds: definition.heartbeatSeconds ?? null });
    this.names.add(definition.name);
    if (this.options.workers === false) return;
    if (definition.schedule) await this.boss.schedule(definition.name, definition.schedule, {}, { tz: 'Europe/Paris' });
    // One job a fetch (pg-boss's default batch size): what the handler returns is that job's output.
    await this.boss.work<T>(definition.name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs) => {
      let output: void | object = undefined;
      for (const job of jobs) {
        output = await definition.handler({ id: job.id, data: job.data, progress: (done, total) => this.saveProgress(job.id, done, total) });
      }
      await this.cleanProgress().catch((error: Error) => this.options.onError?.(error));
      return output;
    });
  }

  /** Only creates the queue (a node that sends but does not work, or before its worker starts). */
  async declare(name: string, retryLimit: number): Promise<void> {
    await this.boss.createQueue(name, { retryLimit });
    this.names.add(name);
  }

  /**
   * Queues a job. With `id` (a uuid chosen beforehand, e.g. recorded by the transaction that decided
   * the job), sending again is harmless: pg-boss keeps the first job and this answers its id.
   */
  async send<T extends object>(name: string, data: T, options: { id?: string } = {}): Promise<string> {
    const id = await this.boss.send(name, data, options.id ? { id: options.id } : undefined);
    if (!id && options.id) return options.id;
    if (!id) throw new Error(`La tâche ${name} n’a pas été créée.`);
    return id;
  }

  /** A job's state and progress, or null when no queue knows the id. */
  async status(id: string): Promise<JobStatus | null> {
    for (const name of this.names) {
      const job = await this.boss.getJobById(name, id);
      if (!job) continue;
      const progress = await this.pool.query<{ done: number; total: number }>(
        `select done, total from ${JOBS_SCHEMA}.job_progress where job_id = $1`, [id]);
      return {
        id, name, state: job.state, retryCount: job.retryCount, retryLimit: job.retryLimit,
        progress: progress.rows[0] ? { done: progress.rows[0].done, total: progress.rows[0].total } : null,
        output: job.state === 'completed' && job.output && typeof job.output === 'object' ? job.output : null,
      };
    }
    return null;
  }

  /** Each queue's jobs by state, as pg-boss's monitor last counted them (the metrics' queue depth). */
  async counts(): Promise<QueueCounts[]> {
    const queues = await this.boss.getQueues([...this.names]);
    return queues.map((q) => ({ name: q.name, ready: q.readyCount, deferred: q.deferredCount, active: q.activeCount, failed: q.failedCount }));
  }

  /** Stops polling and waits up to `graceSeconds` for the handlers running (docs/adr/0023). */
  async stop(graceSeconds: number): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: graceSeconds * 1000 });
    await this.pool.end();
  }

  private async saveProgress(id: string, done: number, total: number): Promise<void> {
    await this.pool.query(
      `insert into ${JOBS_SCHEMA}.job_progress (job_id, done, total) values ($1, $2, $3)
       on conflict (job_id) do update set done = excluded.done, total = excluded.total, updated_at = now()`,
      [id, done, total],
    );
  }
}
