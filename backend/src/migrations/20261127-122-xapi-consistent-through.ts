import { Migration } from '@mikro-orm/migrations';

/**
 * X-Experience-API-Consistent-Through shared by every node (issue 32, docs/adr/0059). Before, each
 * node answered from its own batches in flight: behind a balancer node A answered « now » while
 * node B had a batch in flight whose `stored` would be earlier.
 *
 * `xapi.consistent_through()` answers from the statement writers' turn (migration 084): when no
 * writer holds it or waits for it anywhere (a shared try of the same lock, which fails while an
 * exclusive holder or waiter exists), « now » from the database's clock, recorded in
 * `xapi.consistency`; otherwise the newest `stored` committed (or recorded), before which nothing
 * can come any more. The turn now answers the newest of `stored` and the recorded answer, so a
 * writer whose `stored` was taken before an answer (on its node's clock, before the turn) takes a
 * later one (the caller's existing rule) and never lands before an answer. Unlogged: after a crash
 * the recorded answer is gone, which only drops the guard for answers given before the crash; the
 * turn reads the newest `stored` as before.
 */
export class Migration20261127122XapiConsistentThrough extends Migration {
  override name = '20261127-122-xapi-consistent-through';

  override up(): void {
    this.addSql(`create unlogged table xapi.consistency (
      one boolean primary key default true check (one),
      answered timestamptz not null)`);
    this.addSql(`create or replace function xapi.take_statement_turn() returns timestamptz language plpgsql volatile as $$
      declare newest timestamptz;
      begin
        perform pg_advisory_xact_lock(hashtextextended('xapi:statements', 0));
        select greatest((select max(stored) from xapi.statement), (select answered from xapi.consistency)) into newest;
        return newest;
      end
    $$`);
    this.addSql(`create function xapi.consistent_through() returns timestamptz language plpgsql volatile as $$
      declare through timestamptz;
      begin
        if pg_try_advisory_xact_lock_shared(hashtextextended('xapi:statements', 0)) then
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
