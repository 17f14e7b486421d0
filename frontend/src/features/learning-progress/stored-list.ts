import { DEFAULT_RACE_DELAY_MS, MAX_RACE_RETRIES } from '../../lib/retry-policy';
import { failureOf } from './transport';

/**
 * What the player's queues keep until the server acknowledges it: a list in localStorage (it
 * outlives a closed tab), and the retry timer of their sends (2 s, 5 s, 10 s, then every 30 s).
 */
export const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];

/** The stored list, keeping only well-formed items; empty when nothing (or garbage) is stored. */
export function readList<T>(storage: Storage | null, key: string, wellFormed: (item: T) => boolean): T[] {
  try {
    const stored = JSON.parse(storage?.getItem(key) ?? '[]') as T[];
    return Array.isArray(stored) ? stored.filter((item) => item && wellFormed(item)) : [];
  } catch {
    return [];
  }
}

/** Stores the list (removes the key when empty). A full or refused storage leaves the list in memory only. */
export function writeList(storage: Storage | null, key: string, list: readonly unknown[]): void {
  try {
    if (list.length) storage?.setItem(key, JSON.stringify(list));
    else storage?.removeItem(key);
  } catch {
    // Nothing more to do: the queue still holds it.
  }
}

/**
 * One pending retry at a time, and what a queue does with a failed send (lib/retry-policy.ts): a
 * race (409 `conflit_concurrent`) is sent again after its Retry-After, at most MAX_RACE_RETRIES
 * times in a row; the network or an unavailable server (a 503 while the database is away) keeps
 * the item and sends it again later, waiting longer after each failure in a row and at least the
 * server's Retry-After; any other refusal is final.
 */
export class RetryTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private races = 0;

  constructor(private readonly run: () => void) {}

  /**
   * After a failed send: true when the item is kept and a retry scheduled, false when the refusal
   * is final (the queue drops the item and shows why).
   */
  afterFailure(answer: { status: number; code?: string | null; retryAfterMs?: number | null }): boolean {
    const kind = failureOf(answer);
    if (kind === 'race' && this.races < MAX_RACE_RETRIES) {
      this.races += 1;
      this.at(answer.retryAfterMs ?? DEFAULT_RACE_DELAY_MS);
      return true;
    }
    if (kind !== 'unavailable') return false;
    this.schedule(answer.retryAfterMs ?? 0);
    return true;
  }

  /** After a failure: runs again later (unless a retry already waits), not before `atLeastMs`. */
  schedule(atLeastMs = 0): void {
    if (this.timer) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)]!;
    this.failures += 1;
    this.at(Math.max(delay, atLeastMs));
  }

  /** After a success, or a final refusal: the next failure waits the shortest delay again, and a race may be retried again. */
  succeeded(): void {
    this.failures = 0;
    this.races = 0;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private at(delay: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, delay);
  }
}
