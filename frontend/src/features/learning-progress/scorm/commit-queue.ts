/**
 * The SCORM runtime's commits to POST /scorm-progress/, never lost (docs/learning-progress.md):
 * each commit gets its launch's session id (one per launch of a SCO) and the next sequence number, waits in a queue (and in
 * localStorage) until the server acknowledges it, and is sent again after a failure, in order. The
 * server applies the newest of a session and keeps older or repeated ones out of the state, so a
 * commit sent twice, or late, never overwrites a newer one. On `pagehide` the newest commit of each
 * SCO goes out with a keepalive fetch; what does not arrive is sent on the next visit.
 */
import type { Send } from '../transport';
import { readList, RetryTimer, writeList } from '../stored-list';

/** The runtime data a commit carries (flat, as the spec's client sends it; read back whole on resume). */
export type CmiData = Record<string, string | number | null | CmiRecord[]>;

/** An interaction or an objective the package reported (cmi.interactions.n, cmi.objectives.n), flattened. */
export type CmiRecord = Record<string, string>;

export interface ScormCommit {
  student: number;
  course: number;
  chapter: number;
  /** The SCO (the manifest's item); absent, the server takes the package's first. */
  sco?: string;
  session_id: string;
  seq: number;
  cmi_data: CmiData;
  /** The SCO ended (LMSFinish/Terminate, or the learner left it): the server applies the 1.2 end-of-session rules. */
  final?: boolean;
}

export interface CommitAnswer {
  bool: boolean;
  outcome: 'applied' | 'duplicate' | 'stale';
  validated: boolean;
  /** Fields refused for a reason of their own (a suspend_data over 64,000 characters): the rest of the commit is kept. */
  refused?: Record<string, string>;
}

export interface QueueState {
  /** Commits not acknowledged yet. */
  pending: number;
  /** The last attempt failed: a retry is scheduled. */
  failing: boolean;
}

export const pendingCommitsKey = (student: number) => `lms:scorm-commits:${student}`;

export interface CommitQueueOptions {
  send: Send;
  student: number;
  sessionId: string;
  storage?: Storage | null;
  onChange?: (state: QueueState) => void;
  /** Each acknowledged commit, with the server's answer (the chapter validated?). */
  onAcknowledged?: (commit: ScormCommit, answer: CommitAnswer) => void;
}

export class ScormCommitQueue {
  private seq = 0;
  private queue: ScormCommit[];
  private draining: Promise<void> | null = null;
  private readonly retry = new RetryTimer(() => void this.drain());
  private failing = false;
  /** After pagehide: a commit the package still makes (its own unload handler) goes out with keepalive at once. */
  private leaving = false;
  private readonly storage: Storage | null;

  constructor(private readonly options: CommitQueueOptions) {
    this.storage = options.storage === undefined ? window.localStorage : options.storage;
    this.queue = this.load();
  }

  /**
   * Queues a commit of the runtime and starts sending; returns it with its sequence number. `session`
   * is the launch of the SCO that made it (each launch its own run-time session, so its session_time
   * adds to the total); without it, the page's. `final`: the SCO finished (LMSFinish/Terminate) or was left.
   */
  enqueue(where: { course: number; chapter: number; sco?: string; session?: string }, cmi: CmiData, final = false): ScormCommit {
    const { session, ...place } = where;
    const commit: ScormCommit = {
      student: this.options.student,
      ...place,
      session_id: session ?? this.options.sessionId,
      seq: ++this.seq,
      cmi_data: { ...cmi },
      ...(final ? { final } : {}),
    };
    this.queue.push(commit);
    this.store();
    if (this.leaving) {
      if (this.leavingCopies().includes(commit)) void this.options.send('scorm-progress/', commit, { keepalive: true });
    } else void this.drain();
    return commit;
  }

  /** Sends what waits, oldest first, until the queue is empty or a send fails (then retries later). */
  drain(): Promise<void> {
    this.draining ??= this.run().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** Resolves once every commit queued so far is acknowledged (or `ms` passed): before reading the state back. */
  async settled(ms = 10_000): Promise<boolean> {
    const until = Date.now() + ms;
    while (this.queue.length > 0 && Date.now() < until) {
      await this.drain();
      if (this.queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return this.queue.length === 0;
  }

  /** The tab is closing: the newest commit of each SCO, with keepalive. Everything stays stored until acknowledged. */
  pageHide(): void {
    this.leaving = true;
    for (const commit of this.leavingCopies()) void this.options.send('scorm-progress/', commit, { keepalive: true });
  }

  /**
   * What goes with keepalive: for each SCO, the newest commit of its oldest session still waiting.
   * The server orders commits within a session only, so a later launch's commits never race an
   * earlier launch's: they wait, stored, and go after it on the next visit.
   */
  private leavingCopies(): ScormCommit[] {
    const oldest = new Map<string, string>();
    const newest = new Map<string, ScormCommit>();
    for (const commit of this.queue) {
      const sco = `${commit.chapter}|${commit.sco ?? ''}`;
      if (!oldest.has(sco)) oldest.set(sco, commit.session_id);
      if (oldest.get(sco) === commit.session_id) newest.set(sco, commit);
    }
    return [...newest.values()];
  }

  /** The page came back from the back-forward cache: sending as usual again. */
  pageShow(): void {
    this.leaving = false;
    void this.drain();
  }

  get state(): QueueState {
    return { pending: this.queue.length, failing: this.failing };
  }

  dispose(): void {
    this.retry.cancel();
  }

  private async run(): Promise<void> {
    while (this.queue.length > 0) {
      const commit = this.queue[0]!;
      const answer = await this.options.send<CommitAnswer>('scorm-progress/', commit);
      // The network, an unavailable server (503) or a race the server could not settle (409
      // conflit_concurrent, at most 5 times): kept, sent again later (stored-list.ts).
      if (!answer.ok && this.retry.afterFailure(answer)) {
        this.failing = true;
        this.notify();
        return;
      }
      // Acknowledged (applied, duplicate or stale); or refused for good (a malformed commit), which
      // sending again would not change: logged, not retried forever.
      if (!answer.ok) console.warn(`Envoi SCORM refusé (${answer.status}) : ${answer.message ?? ''}`);
      else if (answer.data.refused) for (const [field, why] of Object.entries(answer.data.refused)) console.warn(`Envoi SCORM : ${field} non enregistré (${why}), le reste l’est.`);
      this.queue.shift();
      this.retry.succeeded();
      this.failing = false;
      this.store();
      if (answer.ok) this.options.onAcknowledged?.(commit, answer.data);
    }
  }

  /** The browser says the network is back: no need to wait for the next retry. */
  retryNow(): void {
    this.retry.cancel();
    void this.drain();
  }

  private notify(): void {
    this.options.onChange?.(this.state);
  }

  private load(): ScormCommit[] {
    return readList<ScormCommit>(this.storage, pendingCommitsKey(this.options.student), (commit) => typeof commit.session_id === 'string' && Number.isInteger(commit.seq));
  }

  private store(): void {
    writeList(this.storage, pendingCommitsKey(this.options.student), this.queue);
    this.notify();
  }
}
