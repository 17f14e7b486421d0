import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { SystemClock, type Clock } from '../../../shared-kernel/index.js';
import { ormOptions } from '../../database/database.module.js';
import { eventually } from '../../testing/eventually.js';
import { createTestDatabase } from '../../testing/test-database.js';
import { AppendNotifier } from '../append-notifier.js';
import { AppendSignal } from '../append-signal.js';
import { EventLog } from '../event-log.js';
import { eventLogOptionsFromEnv, type EventLogOptions } from '../event-log.options.js';
import { createEventLogPool } from '../event-log.pool.js';
import type { Projection, Policy } from '../projection.js';
import { ProjectionRegistry } from '../projection-registry.js';
import { ProjectionRunner } from '../projection-runner.js';
import type { WorkerLogger } from '../subscription-worker.js';

/** An app node's projection runner, started by hand (several of them share one database). */
export interface Node {
  registry: ProjectionRegistry;
  runner: ProjectionRunner;
  pool: pg.Pool;
  errors: string[];
  stop(): Promise<void>;
}

export interface EventLogHarness {
  url: string;
  orm: MikroORM;
  events: EventLog;
  /** This process's in-process signal (every node started here listens to it). */
  signal: AppendSignal;
  /** What another app node does after committing events: NOTIFY (not wired to `signal` here). */
  notifier: AppendNotifier;
  /** A pool like the runner's (ISO timestamps), for writers and assertions. */
  pool: pg.Pool;
  startNode(subscriptions: { projections?: Projection[]; policies?: Policy[] }, options?: Partial<EventLogOptions>, clock?: Clock): Promise<Node>;
  close(): Promise<void>;
}

const quietLogger = (errors: string[]): WorkerLogger => ({ error: (m) => errors.push(m), log: () => undefined });

/** A fresh migrated database with the event log, without the HTTP application. */
export async function startEventLogHarness(): Promise<EventLogHarness> {
  const database = await createTestDatabase();
  const options = ormOptions(database.url);
  const orm = await MikroORM.init({ ...options, entities: [], migrations: { ...options.migrations, silent: true } });
  await orm.migrator.up();
  const signal = new AppendSignal();
  orm.em.getEventManager().registerSubscriber({ afterTransactionCommit: (args) => args.transaction && signal.committed(args.transaction as object) });
  const pool = createEventLogPool(database.url, 20);
  const nodes: Node[] = [];
  return {
    url: database.url,
    orm,
    events: new EventLog(new SystemClock(), signal),
    signal,
    notifier: new AppendNotifier(pool, 10),
    pool,
    async startNode(subscriptions, options = {}, clock = new SystemClock()) {
      const registry = new ProjectionRegistry();
      for (const projection of subscriptions.projections ?? []) registry.register(projection);
      for (const policy of subscriptions.policies ?? []) registry.registerPolicy(policy);
      const nodePool = createEventLogPool(database.url, 4);
      const errors: string[] = [];
      const runner = new ProjectionRunner(registry, nodePool, clock, signal, { ...eventLogOptionsFromEnv({}), ...options }, database.url).configure({
        logger: quietLogger(errors),
      });
      await runner.start();
      const node: Node = {
        registry,
        runner,
        pool: nodePool,
        errors,
        async stop() {
          await runner.stop();
          await nodePool.end();
        },
      };
      nodes.push(node);
      return node;
    },
    async close() {
      for (const node of nodes) await node.stop().catch(() => undefined);
      await pool.end();
      await orm.close();
      await database.drop();
    },
  };
}

/** Waits until `probe` answers true: the shared `eventually` (integration tests only), for a yes/no question. */
export function until(probe: () => Promise<boolean>, timeoutMs = 20_000, what = 'la condition'): Promise<void> {
  return eventually(async () => {
    if (!(await probe())) throw new Error(`${what} : toujours fausse après ${timeoutMs} ms`);
  }, timeoutMs);
}

/** Whether a subscription's checkpoint has reached the last event of the log. */
export async function caughtUp(pool: pg.Pool, name: string): Promise<boolean> {
  const { rows } = await pool.query(
    `select coalesce((select (transaction_id, position) >= (e.transaction_id, e.position) from eventlog.checkpoint where name = $1), false) as done
       from (select transaction_id, position from eventlog.event order by transaction_id desc, position desc limit 1) e`,
    [name],
  );
  return rows.length === 0 || rows[0].done === true;
}
