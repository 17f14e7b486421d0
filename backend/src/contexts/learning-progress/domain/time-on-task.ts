/**
 * Time on task, method v1 (docs/learning-progress.md). The player sends a beat every few seconds
 * (batched every 30 s and on leaving a step); each beat says what the page looked like at that
 * moment. The time between two beats of one session counts, capped at MAX_GAP_SECONDS (a laptop
 * asleep or a lost connection is not time spent):
 * - as connected time when the page was visible;
 * - as active time when it was visible and either media was playing or the learner had used the
 *   keyboard, mouse or touch within IDLE_CAP_SECONDS (a tab left open overnight is not training).
 * Raw beats are kept, so a later method version can recompute past figures.
 */
export const TIME_METHOD = 'v1';
export const MAX_GAP_SECONDS = 60;
export const IDLE_CAP_SECONDS = 300;

export interface Beat {
  /** Per session, increasing: a retried beat has the same (session, seq) and counts once. */
  seq: number;
  /** When the page took it (ms since the epoch). */
  at: number;
  visible: boolean;
  focused: boolean;
  playing: boolean;
  /** The last keyboard, mouse or touch input (ms since the epoch), if any. */
  lastInputAt: number | null;
}

export interface TimeOnTask {
  connectedSeconds: number;
  activeSeconds: number;
}

/** Connected and active seconds of one session's beats (duplicates by seq counted once, any order). */
export function timeOnTask(beats: readonly Beat[]): TimeOnTask {
  const unique = [...new Map(beats.map((beat) => [beat.seq, beat])).values()].sort((a, b) => a.seq - b.seq);
  let connected = 0;
  let active = 0;
  for (let i = 1; i < unique.length; i++) {
    const [previous, current] = [unique[i - 1]!, unique[i]!];
    const gap = Math.min(Math.max(0, (current.at - previous.at) / 1000), MAX_GAP_SECONDS);
    if (!current.visible) continue;
    connected += gap;
    const recentInput = current.lastInputAt !== null && current.at - current.lastInputAt <= IDLE_CAP_SECONDS * 1000;
    if (current.playing || (current.focused && recentInput)) active += gap;
  }
  return { connectedSeconds: Math.round(connected), activeSeconds: Math.round(active) };
}
