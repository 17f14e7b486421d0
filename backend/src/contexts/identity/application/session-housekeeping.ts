import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Database } from '../../../platform/database/database.js';

const HOUR = 3600 * 1000;

/**
 * Session tables only grow: expired refresh tokens and deny-list entries, and login failures
 * older than a day, are deleted every hour. Any node may do it; the deletes are idempotent.
 */
@Injectable()
export class SessionHousekeeping implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Database) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.purge().catch((e) => new Logger('Sessions').warn(`Purge impossible : ${String(e)}`)), HOUR);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Returns how many rows went, per table. */
  async purge(): Promise<{ refreshTokens: number; deniedTokens: number; loginAttempts: number }> {
    const [refresh, denied, attempts] = await Promise.all([
      this.db.query(`delete from identity.refresh_token where expires_at < now() - interval '1 day' returning 1`),
      this.db.query(`delete from identity.revoked_access_token where expires_at < now() returning 1`),
      this.db.query(`delete from identity.login_attempt where attempted_at < now() - interval '1 day' returning 1`),
    ]);
    return { refreshTokens: refresh.length, deniedTokens: denied.length, loginAttempts: attempts.length };
  }
}
