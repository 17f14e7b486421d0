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

/** One pending retry at a time, waiting longer after each failure in a row. */
export class RetryTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;

  constructor(private readonly run: () => void) {}

  /** After a failure: runs again later (unless a retry already waits). */
  schedule(): void {
    if (this.timer) return;
    const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)]!;
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, delay);
  }

  /** After a success: the next failure waits the shortest delay again. */
  succeeded(): void {
    this.failures = 0;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
