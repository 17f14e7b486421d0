import type { Clock } from '../../shared-kernel/index.js';
import type { StepResult, SubscriptionWorker, WorkerLogger } from './subscription-worker.js';

/** First re-check when committed events wait behind a running transaction; doubles up to the poll interval. */
const BLOCKED_FIRST_DELAY_MS = 5;

/**
 * Drives one worker: step at once while batches are full, then sleep until woken (in-process
 * signal, NOTIFY, a retry request) or the poll interval. During a backoff only a forced wake
 * (an admin's retry) cuts the sleep short.
 */
export class SubscriptionLoop {
  private stopped = false;
  private woken = false;
  private forced = false;
  private inBackoff = false;
  private wakeUp: (() => void) | null = null;
  private lastError: string | null = null;
  readonly finished: Promise<void>;

  constructor(
    private readonly worker: SubscriptionWorker,
    private readonly clock: Clock,
    private readonly pollIntervalMs: number,
    private readonly logger: WorkerLogger,
    private readonly onStep?: (result: StepResult | null) => void,
    /** Under a stream of wake-ups, at most one step per interval: fewer, fuller batches. */
    private readonly minStepIntervalMs = 0,
  ) {
    this.finished = this.run();
  }

  wake(force = false): void {
    this.woken = true;
    if (force) this.forced = true;
    if (this.wakeUp && (force || !this.inBackoff)) this.wakeUp();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.finished;
  }

  private async run(): Promise<void> {
    let blockedDelay = BLOCKED_FIRST_DELAY_MS;
    let lastStep = -Infinity;
    while (!this.stopped) {
      const since = performance.now() - lastStep;
      if (since < this.minStepIntervalMs) await this.pause(this.minStepIntervalMs - since);
      if (this.stopped) break;
      this.woken = false;
      this.forced = false;
      lastStep = performance.now();
      const result = await this.step();
      this.onStep?.(result);
      if (this.stopped) break;
      if (result?.kind === 'done' && result.more) {
        lastStep = -Infinity; // catching up: no pause between full batches
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      let delay = this.pollIntervalMs;
      // 'busy': another node holds the subscription (docs/adr/0017). Its every wake (each event's
      // NOTIFY) would only try the lock again, a cost per node that grew with their number
      // (docs/adr/0061); it looks again at the poll instead, so it still takes over within one
      // poll interval of the holder stopping.
      this.inBackoff = result?.kind === 'waiting' || result?.kind === 'failed' || result?.kind === 'busy';
      if (result?.kind === 'waiting' || result?.kind === 'failed') delay = Math.max(0, result.retryAt.getTime() - this.clock.now().getTime());
      if (result?.kind === 'done' && result.blocked) {
        delay = Math.min(blockedDelay, this.pollIntervalMs);
        blockedDelay = Math.min(blockedDelay * 2, this.pollIntervalMs);
      } else {
        blockedDelay = BLOCKED_FIRST_DELAY_MS;
      }
      // A group whose member is in backoff looks again when that ends.
      if (result?.kind === 'done' && result.nextCheckAt) delay = Math.min(delay, Math.max(0, result.nextCheckAt.getTime() - this.clock.now().getTime()));
      if (this.forced || (this.woken && !this.inBackoff)) continue;
      await this.sleep(delay);
    }
  }

  private async step(): Promise<StepResult | null> {
    try {
      const result = await this.worker.step();
      this.lastError = null;
      return result;
    } catch (error) {
      // The database is unreachable or the schema is not there yet: say it once, keep polling.
      const message = error instanceof Error ? error.message : String(error);
      if (message !== this.lastError) this.logger.error(`${this.worker.name} : ${message}`);
      this.lastError = message;
      return null;
    }
  }

  /** A pause that only stop() cuts short. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakeUp = () => {
        if (this.stopped) done();
      };
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.wakeUp = done;
    });
  }
}
