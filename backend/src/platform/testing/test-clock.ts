import { Clock } from '../../shared-kernel/index.js';

/**
 * The application's clock in API and integration tests: the real time until a test sets it, then
 * that time until the test moves it on or lets it go. Time passes by `advance`, never by a sleep.
 */
export class TestClock extends Clock {
  private fixed: number | null = null;

  now(): Date {
    return new Date(this.fixed ?? Date.now());
  }

  /** From now on the clock reads `at`. */
  set(at: Date): void {
    this.fixed = at.getTime();
  }

  /** Moves the clock on by `ms` (from the real time when it was not set). */
  advance(ms: number): void {
    this.fixed = (this.fixed ?? Date.now()) + ms;
  }

  /** Back to the real time. */
  release(): void {
    this.fixed = null;
  }
}
