-- Checks every hash chain of eventlog.event with SQL alone, without the application:
--   psql "$DATABASE_URL" -f backend/scripts/eventlog-verify.sql
-- It rebuilds the canonical form described in docs/event-log.md and lists the broken links:
-- no row means every event still has the hash computed when it was appended, and every stream
-- runs from version 1 without a hole, each event pointing at the hash of the one before it.
-- Read-only: the function lives in pg_temp and disappears with the session.
--
-- Known limit (see docs/event-log.md): jsonb prints a number written with an exponent in plain
-- decimal (1e+21 as 1000000000000000000000), so a payload holding such a number shows up here as
-- a false 'hash' alarm; npm run eventlog:verify handles it.

create or replace function pg_temp.canonical_json(value jsonb) returns text
language plpgsql immutable strict as $$
declare
  result text;
begin
  case jsonb_typeof(value)
    when 'object' then
      select '{' || coalesce(string_agg(to_jsonb(e.key)::text || ':' || pg_temp.canonical_json(e.value), ',' order by e.key collate "C"), '') || '}'
        into result from jsonb_each(value) as e;
    when 'array' then
      select '[' || coalesce(string_agg(pg_temp.canonical_json(a.value), ',' order by a.ordinality), '') || ']'
        into result from jsonb_array_elements(value) with ordinality as a;
    else
      result := value::text;
  end case;
  return result;
end
$$;

with checked as (
  select position, event_id, stream_type, stream_id, stream_version, prev_hash, hash,
         lag(stream_version) over stream as previous_version,
         lag(hash) over stream as previous_hash,
         (extract(microseconds from occurred_at)::bigint % 1000) <> 0 as sub_millisecond,
         encode(sha256(convert_to(pg_temp.canonical_json(jsonb_build_object(
           'event_id', event_id,
           'stream_type', stream_type,
           'stream_id', stream_id,
           'stream_version', stream_version,
           'event_type', event_type,
           'schema_version', schema_version,
           'payload', payload,
           'metadata', metadata,
           'occurred_at', to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           'prev_hash', prev_hash)), 'UTF8')), 'hex') as recomputed_hash
    from eventlog.event
  window stream as (partition by stream_type, stream_id order by stream_version)
)
select position, event_id, stream_type, stream_id, stream_version,
       case
         when stream_version <> coalesce(previous_version, 0) + 1 then 'missing_events'
         when prev_hash is distinct from previous_hash then 'prev_hash'
         else 'hash'
       end as problem
  from checked
 where stream_version <> coalesce(previous_version, 0) + 1
    or prev_hash is distinct from previous_hash
    or hash <> recomputed_hash
    or sub_millisecond
 order by stream_type, stream_id, stream_version;
