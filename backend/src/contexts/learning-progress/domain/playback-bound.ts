import { mergeIntervals, uniqueSeconds, type Interval } from './played-intervals.js';

/**
 * How fast played seconds may be credited (docs/learning-progress.md, "Played seconds bounded by the
 * server's clock"). The player reports the intervals it played; the server cannot see the video, but
 * it knows when it first saw the step (its opening, made by the first save that reached it, whatever
 * that save carried). From then on, the step's unique seconds credited may not exceed the elapsed
 * server time × the fastest playback rate the player offers, plus a slack for the round trips. A
 * claim beyond that is not credited (the excess is ignored, and recorded as such); the seconds left
 * out may be credited by a later save, once real time allows them.
 */
export const MAX_PLAYBACK_RATE = 2;
export const PLAYBACK_SLACK_SECONDS = 10;

/** Seconds of server time since the step was first seen (never negative). */
export function elapsedSeconds(firstSeenAt: Date, now: Date): number {
  return Math.max(0, (now.getTime() - firstSeenAt.getTime()) / 1000);
}

/** The most unique seconds a step may have credited `elapsed` seconds after it was first seen. */
export function playbackAllowance(elapsed: number): number {
  return elapsed * MAX_PLAYBACK_RATE + PLAYBACK_SLACK_SECONDS;
}

/** What a save's claimed intervals gave: the step's credited intervals after it, and the figures of the bound. */
export interface PlaybackCredit {
  /** The step's credited intervals (merged). */
  played: Interval[];
  /** Unique seconds the save claimed that were not credited before. */
  claimedSeconds: number;
  /** Of those, the ones credited now. */
  creditedSeconds: number;
  /** Of those, the ones ignored: beyond what real time allows. */
  ignoredSeconds: number;
  /** The step's unique seconds credited after the save. */
  uniqueSeconds: number;
  elapsedSeconds: number;
  allowanceSeconds: number;
}

/** The parts of `claimed` (merged) not already in `credited` (merged), in the media's order. */
export function newParts(credited: readonly Interval[], claimed: readonly Interval[]): Interval[] {
  const parts: Interval[] = [];
  for (const [start, end] of claimed) {
    let from = start;
    for (const [cStart, cEnd] of credited) {
      if (cEnd <= from || cStart >= end) continue;
      if (cStart > from) parts.push([from, cStart]);
      from = Math.max(from, cEnd);
      if (from >= end) break;
    }
    if (from < end) parts.push([from, end]);
  }
  return parts;
}

/**
 * Credits a save's claimed intervals on a step: the new seconds, in the media's order, as far as the
 * allowance at `now` goes; the rest is ignored. Replaying a range already credited adds nothing.
 */
export function creditPlayed(credited: readonly Interval[], claimed: readonly Interval[], duration: number, firstSeenAt: Date, now: Date): PlaybackCredit {
  const before = mergeIntervals(credited, duration);
  const parts = newParts(before, mergeIntervals(claimed, duration));
  const elapsed = elapsedSeconds(firstSeenAt, now);
  const allowance = playbackAllowance(elapsed);
  let budget = Math.max(0, allowance - uniqueSeconds(before));
  const taken: Interval[] = [];
  for (const [start, end] of parts) {
    if (budget <= 0) break;
    const length = Math.min(end - start, budget);
    taken.push([start, start + length]);
    budget -= length;
  }
  const played = mergeIntervals([...before, ...taken], duration);
  const claimedSeconds = uniqueSeconds(parts);
  const creditedSeconds = uniqueSeconds(taken);
  return {
    played,
    claimedSeconds,
    creditedSeconds,
    ignoredSeconds: claimedSeconds - creditedSeconds,
    uniqueSeconds: uniqueSeconds(played),
    elapsedSeconds: elapsed,
    allowanceSeconds: allowance,
  };
}
