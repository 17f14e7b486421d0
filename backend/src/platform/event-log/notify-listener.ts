import pg from 'pg';
import type { WorkerLogger } from './subscription-worker.js';

export const APPENDED_CHANNEL = 'eventlog_appended';

/**
 * LISTENs on a dedicated connection for the NOTIFY an app node sends after committing events
 * (AppendNotifier). Reconnects with backoff; wakes everyone on reconnect, since notifications
 * sent while disconnected are lost.
 */
export class NotifyListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retryMs = 250;
  private timer: NodeJS.Timeout | null = null;
  private warned = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly onNotify: () => void,
    private readonly logger: WorkerLogger,
  ) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'lms-eventlog-listener' });
    let dead = false;
    const lost = (error?: Error) => {
      if (dead) return;
      dead = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.stopped) return;
      if (!this.warned) this.logger.error(`Écoute des notifications interrompue (${error?.message ?? 'connexion fermée'}) : reconnexion, scrutation en attendant.`);
      this.warned = true;
      this.timer = setTimeout(() => void this.connect(), this.retryMs);
      this.timer.unref();
      this.retryMs = Math.min(this.retryMs * 2, 30_000);
    };
    client.on('notification', () => this.onNotify());
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${APPENDED_CHANNEL}`);
      if (this.stopped) {
        dead = true;
        await client.end();
        return;
      }
      this.client = client;
      if (this.warned) this.logger.log('Écoute des notifications rétablie.');
      this.warned = false;
      this.retryMs = 250;
      this.onNotify();
    } catch (error) {
      lost(error as Error);
    }
  }
}
