import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Database } from '../../../platform/database/database.js';
import { TooManyLoginAttemptsError } from '../domain/identity.errors.js';

/**
 * Failed logins counted in PostgreSQL, per account and per address, so that the limit holds
 * across app nodes.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Records the attempt as a failure first, then counts: parallel guesses each see the others, so
   * a burst cannot slip past the limit while the passwords are being hashed. A success then
   * clears the account's failures (this attempt's included).
   */
  async begin(accountKey: string, address: string): Promise<void> {
    await this.db.query(`insert into identity.login_attempt (account_key, address, succeeded) values ($1, $2, false)`, [accountKey, address]);
    const row = await this.db.one<{ by_account: number; by_address: number }>(
      `select count(*) filter (where account_key = $1) as by_account,
              count(*) filter (where address = $2) as by_address
         from identity.login_attempt
        where not succeeded and attempted_at > now() - make_interval(secs => $3)
          and (account_key = $1 or address = $2)`,
      [accountKey, address, this.config.loginWindowSeconds],
    );
    if (row && (row.by_account > this.config.loginMaxFailuresPerAccount || row.by_address > this.config.loginMaxFailuresPerAddress)) {
      throw new TooManyLoginAttemptsError();
    }
  }

  async recordSuccess(accountKey: string): Promise<void> {
    await this.db.query(`delete from identity.login_attempt where account_key = $1 and not succeeded`, [accountKey]);
  }
}
