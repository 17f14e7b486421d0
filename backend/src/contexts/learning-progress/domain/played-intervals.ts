/**
 * What a learner actually watched of a video: the played intervals the player reports (start and
 * end, in seconds of the media), merged on the server. Seeking jumps between intervals without
 * filling the gap, so seeking to the end proves nothing; replaying a part counts it once.
 */
export type Interval = readonly [start: number, end: number];

/** Clamps to [0, duration], drops empty or malformed intervals, and merges the overlapping and touching ones. */
export function mergeIntervals(intervals: readonly Interval[], duration: number): Interval[] {
  const limit = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  const clean = intervals
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end))
    .map(([start, end]): Interval => [Math.max(0, Math.min(start, limit)), Math.max(0, Math.min(end, limit))])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of clean) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Seconds of the media played at least once. */
export function uniqueSeconds(merged: readonly Interval[]): number {
  return merged.reduce((total, [start, end]) => total + (end - start), 0);
}
