import { Migration } from '@mikro-orm/migrations';

/**
 * The event log (docs/event-log.md), the projection checkpoints, the first projections and the
 * analysts' schema of views (docs/analytics.md). The commit-order scheme is docs/adr/0004.
 */
export class Migration20261121002EventLog extends Migration {
  override name = '20261121-002-event-log';

  override up(): void {
    this.addSql(`create schema if not exists eventlog`);

    // transaction_id: the writing transaction, so that readers can stay below the oldest one still
    // running (positions from the identity are handed out before commit, hence not in commit order).
    this.addSql(`create table eventlog.event (
      position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      event_id uuid not null,
      stream_type text not null check (stream_type ~ '^[a-z][a-z0-9_.-]{0,99}$'),
      stream_id text not null check (length(stream_id) between 1 and 200),
      stream_version integer not null check (stream_version > 0),
      event_type text not null check (event_type ~ '^[A-Z][A-Za-z0-9]{0,99}$'),
      schema_version integer not null default 1 check (schema_version > 0),
      payload jsonb not null check (jsonb_typeof(payload) = 'object'),
      metadata jsonb not null check (jsonb_typeof(metadata) = 'object'),
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default clock_timestamp(),
      prev_hash text check (prev_hash ~ '^[0-9a-f]{64}$'),
      hash text not null check (hash ~ '^[0-9a-f]{64}$'),
      constraint event_id_unique unique (event_id),
      constraint event_stream_version_unique unique (stream_type, stream_id, stream_version),
      constraint event_chain_start check ((stream_version = 1) = (prev_hash is null))
    )`);
    this.addSql(`create index event_commit_order on eventlog.event (transaction_id, position)`);
    this.addSql(`create index event_type_position on eventlog.event (event_type, position)`);
    this.addSql(`create index event_actor_position on eventlog.event (((metadata ->> 'actorId')), position)`);
    this.addSql(`create index event_occurred_at on eventlog.event using brin (occurred_at)`);

    // The head of a stream for an append: last version and hash, whether the transaction that
    // wrote it started writing after the caller's (docs/adr/0004), which of the given ids exist.
    // With lock_stream, first waits for the stream's other appenders; a VOLATILE function's query
    // then takes a fresh snapshot, so it sees what they committed (one round trip instead of two).
    this.addSql(`create function eventlog.stream_head(stream_type text, stream_id text, lock_stream boolean, event_ids uuid[])
      returns table (version integer, hash text, later_transaction boolean, existing text[])
      language plpgsql volatile as $$
      begin
        if lock_stream then
          perform pg_advisory_xact_lock(hashtextextended('eventlog:' || stream_type || '/' || stream_id, 0));
        end if;
        return query
          select h.stream_version, h.hash, coalesce(h.transaction_id > pg_current_xact_id(), false),
                 array(select e.event_id::text from eventlog.event e where e.event_id = any(event_ids))
            from (select 1) one
            left join lateral (select e.stream_version, e.hash, e.transaction_id from eventlog.event e
                                where e.stream_type = stream_head.stream_type and e.stream_id = stream_head.stream_id
                                order by e.stream_version desc limit 1) h on true;
      end
    $$`);

    // Append-only, enforced by the database for every role that does not disable triggers
    // (only the table owner or a superuser can): the hash chain and eventlog:verify cover those.
    this.addSql(`create function eventlog.refuse_change() returns trigger language plpgsql as $$
      begin
        raise exception 'eventlog.event est en ajout seul : % refusé', tg_op using errcode = 'insufficient_privilege';
      end
    $$`);
    this.addSql(`create trigger event_append_only before update or delete or truncate on eventlog.event
      for each statement execute function eventlog.refuse_change()`);

    // One row per projection or policy: where it is in the log and how it fails.
    this.addSql(`create table eventlog.checkpoint (
      name text primary key,
      kind text not null check (kind in ('projection', 'policy')),
      transaction_id xid8 not null default '0',
      position bigint not null default 0,
      events_applied bigint not null default 0,
      updated_at timestamptz not null default now(),
      failing_position bigint,
      failing_event_type text,
      last_error text,
      error_count integer not null default 0,
      failed_at timestamptz,
      next_retry_at timestamptz,
      rebuilt_at timestamptz
    )`);

    // Projections (read models). Each is rebuilt from the log by npm run projections:rebuild.
    this.addSql(`create table eventlog.daily_activity (
      day date not null,
      stream_type text not null,
      event_type text not null,
      events integer not null,
      first_position bigint not null,
      last_position bigint not null,
      primary key (day, stream_type, event_type)
    )`);
    this.addSql(`create table identity.account_lifecycle (
      account_id integer primary key,
      role text not null,
      profile_id integer not null,
      registered_at timestamptz not null,
      is_active boolean not null,
      suspensions integer not null,
      last_suspended_at timestamptz,
      password_changes integer not null,
      last_password_change_at timestamptz,
      profile_updates integer not null,
      last_event_at timestamptz not null
    )`);

    // What analysts may read (docs/analytics.md; backend/scripts/analytics-readonly-role.sql).
    this.addSql(`create schema if not exists analytics`);
    this.addSql(`create view analytics.daily_activity as
      select day, stream_type, event_type, events from eventlog.daily_activity`);
    this.addSql(`create view analytics.accounts as
      select account_id, role, profile_id, registered_at, (registered_at at time zone 'Europe/Paris')::date as registered_on,
             is_active, suspensions, last_suspended_at, password_changes, last_password_change_at, profile_updates, last_event_at
        from identity.account_lifecycle`);
    this.addSql(`comment on schema analytics is 'Vues en lecture seule sur les projections, pour les analystes (docs/analytics.md).'`);
  }
}
