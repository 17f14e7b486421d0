// Two nodes, one killed mid-batch (issue 32 item 7, docs/adr/0059 and 0017): the node running a
// projection or a policy is a child process compiled from these sources and killed with SIGKILL
// while a batch is in its hands; the other node, already waiting, takes the subscription over.
// Nothing is lost, nothing applied twice (a policy's redelivery finds its command already done),
// and the takeover is timed.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { caughtUp, startEventLogHarness, until, type EventLogHarness, type Node } from './testing/event-log-harness.js';
import { KILL_EVENT, KILL_TABLES, killPolicy, killProjection } from './testing/kill-subscriptions.js';

const EVENTS = 300;
const KILL_AT = 120;
const BATCH = 50;
/** Generous for a busy machine: the lock goes with the killed connection, the survivor polls every 200 ms. */
const TAKEOVER_MS = 15_000;

let h: EventLogHarness;
let build: string;
let child: ChildProcess | null = null;
let survivor: Node | null = null;

beforeAll(async () => {
  h = await startEventLogHarness();
  await h.pool.query(KILL_TABLES);
  for (let from = 0; from < EVENTS; from += 30) {
    await h.orm.em.fork().transactional((em) =>
      h.events.append(em as EntityManager, {
        streamType: 'test.kill',
        streamId: `k-${from}`,
        expectedVersion: 0,
        events: Array.from({ length: 30 }, (_, i) => ({ type: KILL_EVENT, payload: { n: from + i } })),
      }),
    );
  }
  build = join(process.cwd(), 'node_modules', '.cache', `kill-runner-${randomUUID()}`);
  execFileSync(join(process.cwd(), '..', 'node_modules', '.bin', 'swc'), ['src/platform', 'src/shared-kernel', '-d', build, '--strip-leading-paths', '--config-file', '.swcrc', '-q'], { stdio: 'inherit' });
  writeFileSync(
    join(build, 'kill-runner.mjs'),
    `import 'reflect-metadata';
import pg from 'pg';
const { ProjectionRunner } = await import('./platform/event-log/projection-runner.js');
const { ProjectionRegistry } = await import('./platform/event-log/projection-registry.js');
const { createEventLogPool } = await import('./platform/event-log/event-log.pool.js');
const { AppendSignal } = await import('./platform/event-log/append-signal.js');
const { eventLogOptionsFromEnv } = await import('./platform/event-log/event-log.options.js');
const { SystemClock } = await import('./shared-kernel/index.js');
const { killPolicy, killProjection } = await import('./platform/event-log/testing/kill-subscriptions.js');
const url = process.env.DATABASE_URL;
const at = Number(process.env.KILL_AT);
const registry = new ProjectionRegistry();
if (process.env.KILL_KIND === 'projection') {
  // Parks inside the batch (the event loop blocked): the batch's rows and checkpoint are not written.
  registry.register(killProjection((n) => { if (n === at) { process.stdout.write('mid\\n'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120000); } }));
} else {
  // Parks after the command of event n is done, before the checkpoint moves past it.
  registry.registerPolicy(killPolicy(new pg.Pool({ connectionString: url, max: 2 }), async (n) => { if (n === at) { process.stdout.write('mid\\n'); await new Promise((r) => setTimeout(r, 120000)); } }));
}
const options = { ...eventLogOptionsFromEnv({}), batchSize: ${BATCH}, pollIntervalMs: 200 };
const runner = new ProjectionRunner(registry, createEventLogPool(url, 4), new SystemClock(), new AppendSignal(), options, url)
  .configure({ logger: { error: (m) => process.stderr.write(m + '\\n'), log: () => undefined } });
await runner.start();
`,
  );
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await survivor?.stop().catch(() => undefined);
  await h?.close();
  if (build) rmSync(build, { recursive: true, force: true });
});

/** Starts the node to kill and resolves once it holds a batch with event KILL_AT in it. */
function startDoomed(kind: 'projection' | 'policy'): Promise<ChildProcess> {
  const started = spawn(process.execPath, [join(build, 'kill-runner.mjs')], {
    env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: h.url, KILL_KIND: kind, KILL_AT: String(KILL_AT) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let errors = '';
  started.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`le nœud n’a pas atteint l’événement ${KILL_AT} : ${errors}`)), 45_000);
    started.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('mid')) {
        clearTimeout(timer);
        resolve(started);
      }
    });
    started.on('exit', (code) => reject(new Error(`le nœud s’est arrêté (${code}) : ${errors}`)));
  });
}

/** SIGKILL, then the time until the survivor has caught the subscription up. */
async function killAndTimeTakeover(doomed: ChildProcess, name: string): Promise<number> {
  const exited = new Promise((resolve) => doomed.once('exit', resolve));
  const killedAt = Date.now();
  doomed.kill('SIGKILL');
  await exited;
  await until(() => caughtUp(h.pool, name), 30_000, `la reprise de ${name}`);
  return Date.now() - killedAt;
}

it('a projection node killed mid-batch: the other node takes over within seconds, every event applied exactly once', async () => {
  const doomed = await startDoomed('projection');
  survivor = await h.startNode({ projections: [killProjection()] }, { batchSize: BATCH, pollIntervalMs: 200 });
  const before = (await h.pool.query<{ n: number }>('select count(*)::int as n from test.kill_applied')).rows[0].n;
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThanOrEqual(KILL_AT);

  const took = await killAndTimeTakeover(doomed, 'test.kill-projection');
  expect(took).toBeLessThanOrEqual(TAKEOVER_MS);
  const { rows } = await h.pool.query<{ rows: number; once: number; ns: number }>(
    'select count(*)::int as rows, count(*) filter (where applied = 1)::int as once, count(distinct n)::int as ns from test.kill_applied',
  );
  expect(rows[0]).toEqual({ rows: EVENTS, once: EVENTS, ns: EVENTS });
  expect(survivor.errors).toEqual([]);
  await survivor.stop();
  survivor = null;
  process.stdout.write(`projection : reprise en ${took} ms après SIGKILL\n`);
}, 60_000);

it('a policy node killed mid-batch: the other node takes over, redelivers only what was not checkpointed, each command done once', async () => {
  const doomed = await startDoomed('policy');
  survivor = await h.startNode({ policies: [killPolicy(h.pool)] }, { batchSize: BATCH, pollIntervalMs: 200 });
  const took = await killAndTimeTakeover(doomed, 'test.kill-policy');
  expect(took).toBeLessThanOrEqual(TAKEOVER_MS);

  const effects = await h.pool.query<{ n: number; by_doomed: number }>('select count(*)::int as n, count(*) filter (where pid = $1)::int as by_doomed from test.kill_effects', [doomed.pid]);
  expect(effects.rows[0].n).toBe(EVENTS);
  expect(effects.rows[0].by_doomed).toBeGreaterThan(0);
  const deliveries = await h.pool.query<{ event_id: string; times: number; nodes: number }>(
    'select event_id::text, count(*)::int as times, count(distinct pid)::int as nodes from test.kill_deliveries group by event_id',
  );
  expect(deliveries.rows).toHaveLength(EVENTS);
  // At least once: the events of the killed batch that its node had handled come again, no other.
  const again = deliveries.rows.filter((row) => row.times > 1);
  expect(again.length).toBeGreaterThan(0);
  expect(again.length).toBeLessThanOrEqual(BATCH);
  expect(again.every((row) => row.times === 2 && row.nodes === 2)).toBe(true);
  expect(survivor.errors).toEqual([]);
  process.stdout.write(`politique : reprise en ${took} ms après SIGKILL, ${again.length} événement(s) redonné(s)\n`);
}, 60_000);
