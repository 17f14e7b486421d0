import { Clock } from '../../shared-kernel/index.js';
import { SubscriptionLoop } from './subscription-loop.js';
import type { StepResult, SubscriptionWorker } from './subscription-worker.js';

const HOUR = 3_600_000;
const clock = new (class extends Clock {
  now() {
    return new Date('2026-11-21T10:00:00Z');
  }
})();

/** A worker whose steps the test answers one by one; no timer ever fires within a test (poll interval: 1 h). */
class ScriptedWorker implements SubscriptionWorker {
  readonly name = 'test.scripted';
  steps = 0;
  get busy(): boolean {
    return this.pending !== null;
  }
  private pending: { resolve: (r: StepResult) => void; reject: (e: unknown) => void } | null = null;
  private waiting: (() => void) | null = null;

  step(): Promise<StepResult> {
    this.steps += 1;
    this.waiting?.();
    return new Promise((resolve, reject) => (this.pending = { resolve, reject }));
  }

  /** Waits until the loop asks for a step, then answers it. */
  async answer(result: StepResult | Error): Promise<void> {
    if (!this.pending) await new Promise<void>((resolve) => (this.waiting = resolve));
    this.waiting = null;
    const { resolve, reject } = this.pending!;
    this.pending = null;
    if (result instanceof Error) reject(result);
    else resolve(result);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
  }
}

const idle: StepResult = { kind: 'done', applied: 0, more: false, blocked: false };
const full: StepResult = { kind: 'done', applied: 500, more: true, blocked: false };
const failed: StepResult = { kind: 'failed', retryAt: new Date(clock.now().getTime() + HOUR), failure: {} as never };

describe('SubscriptionLoop', () => {
  let worker: ScriptedWorker;
  let loop: SubscriptionLoop;
  let logged: string[];

  beforeEach(() => {
    worker = new ScriptedWorker();
    logged = [];
    loop = new SubscriptionLoop(worker, clock, HOUR, { error: (m) => logged.push(m), log: () => undefined });
  });

  afterEach(async () => {
    const stopping = loop.stop();
    if (worker.busy) await worker.answer(idle);
    await stopping;
  });

  it('steps at once, then sleeps until woken', async () => {
    await worker.answer(idle);
    expect(worker.steps).toBe(1);
    loop.wake();
    await worker.answer(idle);
    expect(worker.steps).toBe(2);
  });

  it('reads again without waiting while batches come back full', async () => {
    await worker.answer(full);
    await worker.answer(full);
    await worker.answer(idle);
    expect(worker.steps).toBe(3);
  });

  it('steps again when woken during a step (no notification is lost)', async () => {
    await new Promise((r) => setImmediate(r));
    loop.wake();
    await worker.answer(idle);
    await worker.answer(idle);
    expect(worker.steps).toBe(2);
  });

  it('keeps a failing subscription in backoff: a new event does not wake it, an admin retry does', async () => {
    await worker.answer(failed);
    loop.wake();
    await new Promise((r) => setImmediate(r));
    expect(worker.steps).toBe(1);
    loop.wake(true);
    await worker.answer(idle);
    expect(worker.steps).toBe(2);
  });

  it('leaves a subscription another node holds to it: new events do not wake it, the poll or an admin retry does', async () => {
    await worker.answer({ kind: 'busy' });
    loop.wake();
    await new Promise((r) => setImmediate(r));
    expect(worker.steps).toBe(1);
    loop.wake(true);
    await worker.answer(idle);
    expect(worker.steps).toBe(2);
    // Holding it again, it is woken by each event as before.
    loop.wake();
    await worker.answer(idle);
    expect(worker.steps).toBe(3);
  });

  it('looks again at the poll interval while another node holds the subscription', async () => {
    const stopping = loop.stop();
    await worker.answer(idle);
    await stopping;
    worker.steps = 0;
    loop = new SubscriptionLoop(worker, clock, 20, { error: () => undefined, log: () => undefined });
    await worker.answer({ kind: 'busy' });
    await worker.answer(idle);
    expect(worker.steps).toBe(2);
  });

  it('looks again when a member of its group comes out of backoff, without a wake-up', async () => {
    await worker.answer({ ...idle, nextCheckAt: clock.now() });
    await worker.answer(idle);
    expect(worker.steps).toBe(2);
  });

  it('stays woken by new events while a member of its group is in backoff', async () => {
    await worker.answer({ ...idle, nextCheckAt: new Date(clock.now().getTime() + HOUR) });
    loop.wake();
    await worker.answer(idle);
    expect(worker.steps).toBe(2);
  });

  it('survives a step that throws, saying so once', async () => {
    await worker.answer(new Error('connexion refusée'));
    loop.wake();
    await worker.answer(new Error('connexion refusée'));
    loop.wake();
    await worker.answer(idle);
    expect(worker.steps).toBe(3);
    expect(logged).toEqual(['test.scripted : connexion refusée']);
  });
});
