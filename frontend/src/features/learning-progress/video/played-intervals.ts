/**
 * The seconds of a video actually played, as [start, end] intervals (docs/learning-progress.md):
 * a seek starts a new interval instead of filling the gap, so jumping to the end proves nothing.
 * The server merges them again and decides; the player merges them to know when to offer the
 * finish button and when the validating share is reached (the server's rules, GET /progress-rules/).
 */
export type Interval = readonly [number, number];

/** Sorted, overlapping or touching intervals joined, empty ones dropped. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

export const uniqueSeconds = (intervals: readonly Interval[]) => mergeIntervals(intervals).reduce((sum, [start, end]) => sum + (end - start), 0);

/**
 * Builds intervals from the positions a player reports while playing (timeupdate about four times
 * a second, or a poll): two positions close together extend the current interval; a seek, a
 * pause or a jump larger than `maxStep` seconds ends it.
 */
export class PlayTracker {
  private done: Interval[] = [];
  private current: [number, number] | null = null;

  constructor(private readonly maxStep = 1.5) {}

  /** The position while the media plays. */
  at(position: number): void {
    if (!Number.isFinite(position) || position < 0) return;
    const current = this.current;
    if (current && position >= current[1] && position - current[1] <= this.maxStep) {
      current[1] = position;
      return;
    }
    this.cut();
    this.current = [position, position];
  }

  /** A seek, a pause, the end: the next position starts a new interval. */
  cut(): void {
    if (this.current && this.current[1] > this.current[0]) this.done = mergeIntervals([...this.done, this.current]);
    this.current = null;
  }

  /** Intervals reported by the provider itself (Vimeo's getPlayed): taken as they are. */
  add(intervals: readonly Interval[]): void {
    this.done = mergeIntervals([...this.done, ...intervals]);
  }

  intervals(): Interval[] {
    return mergeIntervals(this.current ? [...this.done, this.current] : this.done);
  }

  seconds(): number {
    return uniqueSeconds(this.intervals());
  }
}
