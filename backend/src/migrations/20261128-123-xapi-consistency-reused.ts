import { Migration } from '@mikro-orm/migrations';

/**
 * X-Experience-API-Consistent-Through without a write per read (issue 32, docs/adr/0059). Migration
 * 122 recorded « now » in the single row of `xapi.consistency` at every statements read made while
 * no writer held or awaited the turn: every read of every node updated the same row, so concurrent
 * reads queued on its row lock and left a dead row version each.
 *
 * An answer recorded less than 50 ms ago is answered again, unwritten: every writer's `stored` is
 * after it (the turn still reads it), so it remains an instant before which nothing can come any
 * more, only up to 50 ms earlier than « now ». The row is written at most about twenty times a
 * second whatever the number of readers; two readers renewing it at once both keep the later
 * answer (`greatest`), as before.
 */
export class Migration20261128123XapiConsistencyReused extends Migration {
  override name = '20261128-123-xapi-consistency-reused';

  override up(): void {
    this.addSql(`create or replace function xapi.consistent_through() returns timestamptz language plpgsql volatile as $$
      declare through timestamptz;
      begin
        if pg_try_advisory_xact_lock_shared(hashtextextended('xapi:statements', 0)) then
          select answered into through from xapi.consistency where answered > clock_timestamp() - interval '50 milliseconds';
          if found then
            return through;
          end if;
          insert into xapi.consistency as c (one, answered) values (true, clock_timestamp())
            on conflict (one) do update set answered = greatest(c.answered, excluded.answered)
            returning answered into through;
          return through;
        end if;
        select greatest((select max(stored) from xapi.statement), (select answered from xapi.consistency)) into through;
        return coalesce(through, 'epoch');
      end
    $$`);
  }
}
