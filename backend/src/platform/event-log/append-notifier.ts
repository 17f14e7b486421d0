import type pg from 'pg';
import { APPENDED_CHANNEL } from './notify-listener.js';

/**
 * Tells the other app nodes that events were committed: one NOTIFY at once, then at most one
 * per interval while appends keep coming. It is sent after the commit, in its own statement:
 * a NOTIFY inside the appending transaction (a trigger) takes PostgreSQL's global notification
 * lock in every such commit, which halved the append rate (docs/adr/0004).
 */
export class AppendNotifier {
  private timer: NodeJS.Timeout | null = null;
  private pending = false;
  private failing = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly intervalMs = 10,
    private readonly onError: (message: string) => void = () => undefined,
  ) {}

  notify(): void {
    if (this.timer) {
      this.pending = true;
      return;
    }
    this.send();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.pending) {
        this.pending = false;
        this.notify();
      }
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = false;
  }

  private send(): void {
    this.pool.query(`select pg_notify('${APPENDED_CHANNEL}', '')`).then(
      () => (this.failing = false),
      (error: Error) => {
        // The other nodes will poll; say it once per outage.
        if (!this.failing) this.onError(`Notification aux autres nœuds impossible : ${error.message}`);
        this.failing = true;
      },
    );
  }
}
