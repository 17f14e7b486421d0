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

/** How far ahead of the server's clock a beat may claim to be (clock drift), in ms. */
export const FUTURE_SLACK_MS = 60_000;

/** The beats of a save the server accepts: none further ahead of its own clock than the drift allowed. */
export function acceptedBeats(beats: readonly Beat[], now: Date): Beat[] {
  return beats.filter((b) => b.at <= now.getTime() + FUTURE_SLACK_MS);
}

/** A beat as the server stored it: with when it received it (its own clock, ms since the epoch). */
export interface ReceivedBeat extends Beat {
  receivedAt: number;
}

/**
 * One session's time on a step with method v1, bounded by the server's own clock: a session cannot
 * have lasted longer than the time since the server received its first beat, plus one gap, so
 * forged timestamps add nothing. The beats are those of the session on the step (at least one).
 */
export function sessionTime(beats: readonly ReceivedBeat[], now: Date): TimeOnTask & { firstReceivedAt: number } {
  const firstReceivedAt = Math.min(...beats.map((b) => b.receivedAt));
  const bound = Math.max(0, (now.getTime() - firstReceivedAt) / 1000) + MAX_GAP_SECONDS;
  const time = timeOnTask(beats);
  return { connectedSeconds: Math.round(Math.min(time.connectedSeconds, bound)), activeSeconds: Math.round(Math.min(time.activeSeconds, bound)), firstReceivedAt };
}

/** A session's time on a step after a save that brought new beats (what LearningTimeRecorded records). */
export interface SessionTime {
  id: string;
  /** The beats this save brought (a retried one is stored once). */
  beats: number;
  connectedSeconds: number;
  activeSeconds: number;
  method: string;
  /** What this save added to the session's figures. */
  addedConnectedSeconds: number;
  addedActiveSeconds: number;
  /**
   * The beats this save stored and the digest of their rows as stored (learning-progress.row-digests.ts, ADR 0040):
   * the repository always gives them; absent only in the aggregate's own unit fixtures.
   */
  bound?: { seqs: number[]; sha256: string };
}

/** A save's time evidence: the session's figures and the step's totals over every session. */
export interface TimeEvidence {
  session: SessionTime;
  totals: { connected: number; active: number };
}
