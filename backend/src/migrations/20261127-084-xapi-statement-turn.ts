import { Migration } from '@mikro-orm/migrations';

/**
 * The statement writers' turn in one round trip (issue 31, docs/adr/0024): the lock held until
 * commit, then the newest `stored` read by a new statement of this VOLATILE function, which takes
 * a fresh snapshot after the wait and so sees what the previous holder committed (as
 * eventlog.stream_head does). Before, the lock and the read were two round trips under the turn.
 */
export class Migration20261127084XapiStatementTurn extends Migration {
  override name = '20261127-084-xapi-statement-turn';

  override up(): void {
    this.addSql(`create function xapi.take_statement_turn() returns timestamptz language plpgsql volatile as $$
      declare newest timestamptz;
      begin
        perform pg_advisory_xact_lock(hashtextextended('xapi:statements', 0));
        select max(stored) into newest from xapi.statement;
        return newest;
      end
    $$`);
  }
}
