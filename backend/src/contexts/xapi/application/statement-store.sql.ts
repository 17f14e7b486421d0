/**
 * The SQL that stores a batch of statements, set-based (issue 31, docs/adr/0024): one statement
 * per table whatever the batch's size. Shared with the benchmark's baseline
 * (bench/baseline/xapi.mjs), which runs the same statements on the same rows.
 */

/**
 * Statement writers take turns (the lock is held until commit): `seq` and `stored` then follow
 * commit order, so that a reader paging by `more` or polling by `since` never misses a statement
 * committed late with a lower `seq` or an earlier `stored` (docs/adr/0024). One round trip
 * (migration 084): the lock, then the newest `stored` read with a snapshot taken after the wait,
 * so that it sees the previous holder's commit.
 */
export const TAKE_STATEMENT_TURN_SQL = `select xapi.take_statement_turn() as stored`;

/** Who stored each target of a voiding statement, and whether it voids itself. */
export const VOID_TARGETS_SQL = `select id::text as id, verb_id, credential_id, account_id from xapi.statement where id = any($1::uuid[])`;

const STATEMENT_COLUMNS = `id, statement, sha256, received_sha256, stored, actor_key, verb_id, object_activity, object_agent, object_ref,
                              registration, agents, activities, credential_id, account_id, teacher_id`;

/** The INSERT of INSERT_STATEMENTS_SQL, with an extra condition on the rows (TURN_AND_INSERT_SQL's). */
const insertStatements = (condition: string) => `
  insert into xapi.statement (${STATEMENT_COLUMNS})
  select s.id, s.statement, s.sha256, s.received_sha256, $1::timestamptz, s.actor_key, s.verb_id, s.object_activity, s.object_agent, s.object_ref,
         s.registration, array(select jsonb_array_elements_text(s.agents)), array(select jsonb_array_elements_text(s.activities)), $2::int, $3::int, s.teacher_id
    from unnest($4::uuid[], $5::jsonb[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::uuid[], $13::uuid[],
                $14::jsonb[], $15::jsonb[], $16::int[])
         with ordinality as s(id, statement, sha256, received_sha256, actor_key, verb_id, object_activity, object_agent, object_ref, registration,
                              agents, activities, teacher_id, ord)
   ${condition}
   order by s.ord
  on conflict (id) do nothing
  returning id::text as id`;

/**
 * Every statement of the batch in one INSERT, in the batch's order (seq), an id already stored
 * skipped (the caller compares its content: same is a no-op, other a 409). $1 stored, $2
 * credential, $3 account; then one array per column (statementInsertParams).
 */
export const INSERT_STATEMENTS_SQL = insertStatements('');

/** The received form of the statements the INSERT skipped (already stored). */
export const STORED_CONTENT_SQL = `select id::text as id, received_sha256 from xapi.statement where id = any($1::uuid[])`;

export const MARK_VOIDED_SQL = `update xapi.statement set voided = true where id = any($1::uuid[])`;

/**
 * Activity definitions, one row per activity (the batch's definitions of one activity merged
 * first by mergeDefinition, the same rule): the newest values, every language of the name and
 * description kept.
 */
const MERGED_DEFINITION = `xapi.activity.definition || excluded.definition
    || jsonb_strip_nulls(jsonb_build_object('name', (xapi.activity.definition -> 'name') || (excluded.definition -> 'name'),
                                            'description', (xapi.activity.definition -> 'description') || (excluded.definition -> 'description')))`;

function upsertActivities(ids: string, definitions: string, condition = ''): string {
  return `insert into xapi.activity (id, definition)
  select a.id, a.definition from unnest(${ids}::text[], ${definitions}::jsonb[]) as a(id, definition) ${condition} order by a.id
  on conflict (id) do update set definition = ${MERGED_DEFINITION}
   where ${MERGED_DEFINITION} is distinct from xapi.activity.definition`;
}

/** A definition sent again unchanged (an authoring tool repeats it in every statement) writes no new row version. */
export const UPSERT_ACTIVITIES_SQL = upsertActivities('$1', '$2');

/**
 * The turn, the statements, their activity definitions and their events in one round trip (the
 * usual batch: no voiding statement; docs/adr/0024, 2026-11-27 evening and 2026-11-27 night):
 * `xapi.take_statement_turn()` first (the INSERT's rows wait for it: their condition reads it, so
 * `seq` is drawn after the lock), then INSERT_STATEMENTS_SQL's rows, made before the turn with
 * `stored` = $1, only when $1 is after the newest `stored` — else nothing is written and the
 * caller, still holding the turn, makes them again with a later `stored`. The definitions ($17,
 * $18: activityParams) are upserted only when every statement was inserted (a retry that skipped
 * some lets the caller upsert the added ones' definitions alone). The events of the statements
 * inserted are appended by the event log's own INSERT (`events`: EventLog.prepareNewStreams, its
 * parameters from $19), chained and hashed before the turn. Answers `newest` (the newest `stored`
 * before this batch), `ids` (the statements inserted) and `event_ids` (their events).
 * Params: statementInsertParams, activityParams (empty arrays: none), then the events' params.
 */
export function turnAndInsertSql(events: (first: number, streams: string) => string): string {
  return `
  with turn as materialized (select xapi.take_statement_turn() as newest),
  inserted as (${insertStatements('where (select newest from turn) is null or (select newest from turn) < $1::timestamptz')}),
  definitions as (
    ${upsertActivities('$17', '$18', 'where (select count(*) from inserted) = cardinality($4::uuid[])')}
    returning 1),
  events as (${events(19, 'select id from inserted')})
  select (select newest from turn) as newest, coalesce((select array_agg(id) from inserted), '{}') as ids,
         coalesce((select array_agg(event_id) from events), '{}') as event_ids`;
}

type Obj = Record<string, unknown>;

/** One row of INSERT_STATEMENTS_SQL. */
export interface StatementRow {
  id: string;
  /** The statement as stored (with `stored`, `authority`…), in JSON: its canonical form, whose sha256 is `sha256`. */
  statementJson: string;
  sha256: string;
  receivedSha256: string;
  actorKey: string;
  verbId: string;
  objectActivity: string | null;
  objectAgent: string | null;
  objectRef: string | null;
  registration: string | null;
  agents: string[];
  activities: string[];
  teacherId: number | null;
}

export function statementInsertParams(stored: string, credentialId: number | null, accountId: number | null, rows: StatementRow[]): unknown[] {
  return [
    stored,
    credentialId,
    accountId,
    rows.map((r) => r.id),
    rows.map((r) => r.statementJson),
    rows.map((r) => r.sha256),
    rows.map((r) => r.receivedSha256),
    rows.map((r) => r.actorKey),
    rows.map((r) => r.verbId),
    rows.map((r) => r.objectActivity),
    rows.map((r) => r.objectAgent),
    rows.map((r) => r.objectRef),
    rows.map((r) => r.registration),
    rows.map((r) => JSON.stringify(r.agents)),
    rows.map((r) => JSON.stringify(r.activities)),
    rows.map((r) => r.teacherId),
  ];
}

/** What UPSERT_ACTIVITIES_SQL does to a stored definition, for two definitions of one batch: `a || b`, names and descriptions merged. */
export function mergeDefinition(a: Obj, b: Obj): Obj {
  const merged: Obj = { ...a, ...b };
  for (const key of ['name', 'description']) {
    const [x, y] = [a[key], b[key]];
    if (isObject(x) && isObject(y)) merged[key] = { ...x, ...y };
  }
  return merged;
}

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The definitions of a batch, one per activity, merged in the batch's order. */
export function activityParams(definitions: [string, Obj][]): [string[], string[]] {
  const byId = new Map<string, Obj>();
  for (const [id, definition] of definitions) {
    const before = byId.get(id);
    byId.set(id, before ? mergeDefinition(before, definition) : definition);
  }
  const ids = [...byId.keys()].sort();
  return [ids, ids.map((id) => JSON.stringify(byId.get(id)))];
}
