/**
 * The player's time beats and video evidence, saved to POST /progress/ (docs/learning-progress.md).
 *
 * A beat is taken every 10 s (page visible, window focused, media playing, last input) and kept
 * until the server acknowledges it; the saves go out every 30 s, on leaving a step, and on
 * `pagehide` with a keepalive fetch. Each beat carries a sequence number of the page's session, so
 * a save sent again after a lost answer is counted once by the server. Unacknowledged beats are
 * also kept in localStorage: a save lost with the tab (offline, an expired token) is sent again on
 * the next visit, under its own session, before anything new.
 */
import type { ProgressAnswerView } from '../../../lib/api-schema';
import type { Send, SendResult } from '../transport';
import type { Interval } from '../video/played-intervals';
import { readList, RetryTimer, writeList } from '../stored-list';

/** The step a save is about, as POST /progress/ names it. */
export interface StepTarget {
  content_type: string;
  chapter: number;
  subchapter?: number;
}

export interface Beat {
  seq: number;
  /** ms since the epoch */
  at: number;
  visible: boolean;
  focused: boolean;
  playing: boolean;
  last_input_at: number | null;
}

export interface Signals {
  visible: boolean;
  focused: boolean;
  playing: boolean;
  lastInputAt: number | null;
}

export type ProgressAnswer = ProgressAnswerView;

/** What one step of one session still has to send. */
interface Pending {
  session_id: string;
  student: number;
  course: number;
  target: StepTarget;
  beats: Beat[];
  played: Interval[];
}

/** The server takes 200 beats a save at most. */
export const MAX_BEATS_PER_SAVE = 200;

const sameTarget = (a: StepTarget, b: StepTarget) => a.content_type === b.content_type && a.chapter === b.chapter && (a.subchapter ?? null) === (b.subchapter ?? null);

export interface SaverState {
  pending: number;
  failing: boolean;
}

export const pendingSavesKey = (student: number) => `lms:progress-saves:${student}`;

export interface ProgressSaverOptions {
  send: Send;
  student: number;
  course: number;
  /** One per page load (crypto.randomUUID()). */
  sessionId: string;
  storage?: Storage | null;
  now?: () => number;
  /** Told when the steps with unsent evidence change, and whether the last save failed (a retry is scheduled). */
  onChange?: (state: SaverState) => void;
}

export class ProgressSaver {
  private seq = 0;
  private pending: Pending[];
  private chain: Promise<unknown> = Promise.resolve();
  private readonly retry = new RetryTimer(() => void this.flushAll());
  private failing = false;
  private readonly storage: Storage | null;
  private readonly now: () => number;

  constructor(private readonly options: ProgressSaverOptions) {
    this.storage = options.storage === undefined ? window.localStorage : options.storage;
    this.now = options.now ?? Date.now;
    this.pending = this.load();
  }

  /** Records a beat of the step on screen. */
  beat(target: StepTarget, signals: Signals): void {
    this.entry(target).beats.push({
      seq: ++this.seq,
      at: this.now(),
      visible: signals.visible,
      focused: signals.focused,
      playing: signals.playing,
      last_input_at: signals.lastInputAt,
    });
    this.store();
  }

  /** The video intervals played on the step so far (the whole list: the server merges it with what it has). */
  played(target: StepTarget, intervals: readonly Interval[]): void {
    this.entry(target).played = intervals.map(([start, end]) => [start, end] as const);
    this.store();
  }

  /**
   * Sends what the step has gathered; `open` sends even with nothing gathered (a step opens on its
   * first save), `finish` is the finish button, a request the server judges. Saves go one at a time,
   * in order. The answer is the server's verdict, or why it did not arrive (then the beats wait).
   */
  save(target: StepTarget, request: { open?: boolean; finish?: boolean } = {}): Promise<SendResult<ProgressAnswer> | null> {
    const run = this.chain.then(() => this.sendStep(this.options.sessionId, target, request));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Sends every step's evidence, earlier sessions first (after a failure, on `online`, on start). */
  flushAll(): Promise<void> {
    const run = this.chain.then(async () => {
      for (const entry of [...this.pending]) await this.sendStep(entry.session_id, entry.target, {}, entry);
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  /**
   * The tab is closing: every step's evidence goes out in keepalive requests, not awaited. It
   * stays stored until acknowledged, so whatever does not arrive is sent on the next visit.
   */
  pageHide(): void {
    for (const entry of this.pending) {
      if (entry.beats.length === 0 && entry.played.length === 0) continue;
      void this.options.send('progress/', this.body(entry, entry.beats.slice(-MAX_BEATS_PER_SAVE), {}), { keepalive: true });
    }
  }

  /** Steps whose evidence is not acknowledged yet. */
  get pendingCount(): number {
    return this.pending.filter((entry) => entry.beats.length > 0 || entry.played.length > 0).length;
  }

  dispose(): void {
    this.retry.cancel();
  }

  private async sendStep(sessionId: string, target: StepTarget, request: { open?: boolean; finish?: boolean }, known?: Pending): Promise<SendResult<ProgressAnswer> | null> {
    let entry = known ?? this.pending.find((p) => p.session_id === sessionId && sameTarget(p.target, target));
    if (!entry) {
      if (!request.open && !request.finish) return null;
      entry = this.entry(target);
    }
    let answer: SendResult<ProgressAnswer> | null = null;
    // More than 200 beats (a long failure): several saves, oldest first; the request goes with the last.
    do {
      const beats = entry.beats.slice(0, MAX_BEATS_PER_SAVE);
      const last = beats.length === entry.beats.length;
      answer = await this.options.send<ProgressAnswer>('progress/', this.body(entry, beats, last ? request : {}));
      // The network, an unavailable server (503) or a race the server could not settle (409
      // conflit_concurrent, at most 5 times): the beats wait and are sent again (stored-list.ts).
      if (!answer.ok && this.retry.afterFailure(answer)) {
        this.failing = true;
        this.notify();
        return answer;
      }
      // Acknowledged, or refused for good (a locked or removed step): either way not sent again.
      const sent = new Set(beats.map((beat) => beat.seq));
      entry.beats = entry.beats.filter((beat) => !sent.has(beat.seq));
      if (last) entry.played = [];
      if (!answer.ok) entry.beats = [];
    } while (entry.beats.length > 0);
    this.retry.succeeded();
    this.failing = false;
    this.pending = this.pending.filter((p) => p.beats.length > 0 || p.played.length > 0);
    this.store();
    return answer;
  }

  private body(entry: Pending, beats: Beat[], request: { finish?: boolean }) {
    return {
      student: entry.student,
      course: entry.course,
      ...entry.target,
      session_id: entry.session_id,
      beats,
      ...(entry.played.length ? { played: entry.played } : {}),
      ...(request.finish ? { validated: true } : {}),
    };
  }

  private entry(target: StepTarget): Pending {
    const { sessionId, student, course } = this.options;
    let entry = this.pending.find((p) => p.session_id === sessionId && sameTarget(p.target, target));
    if (!entry) {
      entry = { session_id: sessionId, student, course, target: { ...target }, beats: [], played: [] };
      this.pending.push(entry);
    }
    return entry;
  }

  private notify(): void {
    this.options.onChange?.({ pending: this.pendingCount, failing: this.failing });
  }

  private load(): Pending[] {
    return readList<Pending>(this.storage, pendingSavesKey(this.options.student), (entry) => typeof entry.session_id === 'string' && Array.isArray(entry.beats));
  }

  private store(): void {
    writeList(this.storage, pendingSavesKey(this.options.student), this.pending.filter((entry) => entry.beats.length > 0 || entry.played.length > 0));
    this.notify();
  }
}
