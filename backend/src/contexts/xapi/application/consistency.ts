import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../../../platform/database/database.js';

/**
 * X-Experience-API-Consistent-Through: the instant up to which every statement, stored by any node,
 * is visible (issue 32, docs/adr/0059). Answered by the database (`xapi.consistent_through()`,
 * migration 122) from the statement writers' turn, which every node takes: « now » on the
 * database's clock when no writer holds or waits for it anywhere (and that answer recorded, so
 * that a writer whose `stored` was taken earlier takes a later one under the turn; an answer
 * recorded less than 50 ms ago is answered again, unwritten: migration 123); otherwise the
 * newest `stored` committed, before which nothing can come any more. One round trip, no writer's
 * cost but reading the recorded answer under its turn.
 */
@Injectable()
export class StatementConsistency {
  private readonly logger = new Logger('xAPI');

  constructor(private readonly database: Database) {}

  /** The instant; the epoch when the database cannot answer (true, and a client simply asks again). */
  async through(): Promise<Date> {
    try {
      const row = await this.database.one<{ through: Date }>('select xapi.consistent_through() as through');
      return row ? new Date(row.through) : new Date(0);
    } catch (error) {
      this.logger.warn(`X-Experience-API-Consistent-Through : ${(error as Error).message}`);
      return new Date(0);
    }
  }
}
