import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { Clock } from '../../shared-kernel/index.js';
import { AppendSignal } from './append-signal.js';
import { currentEventContext } from './event-context.js';
import { eventHash, toJsonValue } from './event-hash.js';
import { InvalidAppendError, StreamVersionConflictError } from './event-log.errors.js';
import type { EventMetadata, NewEvent } from './recorded-event.js';
import { sqlExecutor, type SqlExecutor, type TransactionHandle } from './sql-executor.js';

export const STREAM_TYPE_PATTERN = /^[a-z][a-z0-9_.-]{0,99}$/;
export const EVENT_TYPE_PATTERN = /^[A-Z][A-Za-z0-9]{0,99}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MAX_EVENTS_PER_APPEND = 1000;

/**
 * A stable event id derived from the event that caused it (a policy's command appending its
 * reaction): a second delivery of the cause appends nothing (a UUID of version 8, RFC 9562).
 */
export function eventIdFor(causationId: string, purpose: string): string {
  const hex = createHash('sha256').update(`${causationId}/${purpose}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface AppendRequest {
  /** The kind of aggregate, prefixed by its context: 'identity.account', 'learning-progress.enrolment'. */
  streamType: string;
  streamId: string | number;
  /**
   * How many events the stream holds as the caller saw it (0: a new stream). 'any' appends at
   * the end whatever it holds, serialising the appenders of that stream.
   */
  expectedVersion: number | 'any';
  events: NewEvent[];
  /** Defaults come from the current request or policy (see event-context.ts). */
  metadata?: {
    actor?: { accountId: number; role: string } | null;
    correlationId?: string | null;
    causationId?: string | null;
  };
}

export interface AppendResult {
  /** False when every event id was already in the log: a retried append that stored nothing. */
  appended: boolean;
  /** The stream's version after the append (its current one for a no-op). */
  streamVersion: number;
  positions: number[];
}

interface StreamHead {
  version: number | null;
  hash: string | null;
  later_transaction: boolean;
  existing: string[];
}

/** New streams' events to insert by the caller's own statement (EventLog.prepareNewStreams). */
export interface NewStreamsAppend {
  /** The parameters of `insertSql`, to place from its `first` parameter on. */
  params: unknown[];
  /**
   * The INSERT of the events (returning `position, event_id::text as event_id`), for a
   * data-modifying CTE: its parameters numbered from `first`; only the events of the streams
   * `streams` (a subquery answering stream ids as text) returns.
   */
  insertSql(first: number, streams: string): string;
  /** After the statement: the streams it was to append, the event ids it inserted. */
  settle(tx: TransactionHandle, streamIds: string[], insertedEventIds: string[]): void;
  /** The error the statement failed with, as appendMany would have thrown it. */
  failure(error: unknown): unknown;
}

interface PreparedRequest {
  request: AppendRequest;
  streamId: string;
  key: string;
  events: { type: string; eventId: string; payload: object; schemaVersion: number; occurredAt: string }[];
  metadata: EventMetadata;
}

interface ChainedRow {
  eventId: string;
  streamType: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  payload: object;
  metadata: EventMetadata;
  occurredAt: string;
  prevHash: string | null;
  hash: string;
  request: number;
}

/** A request's events chained after its stream's head (version `current`, hash `prevHash`), as `append` chains them. */
function chained(p: PreparedRequest, request: number, current: number, head: string | null): ChainedRow[] {
  let prevHash = head;
  return p.events.map((event, i) => {
    const streamVersion = current + i + 1;
    const hash = eventHash({
      event_id: event.eventId,
      stream_type: p.request.streamType,
      stream_id: p.streamId,
      stream_version: streamVersion,
      event_type: event.type,
      schema_version: event.schemaVersion,
      payload: event.payload,
      metadata: p.metadata,
      occurred_at: event.occurredAt,
      prev_hash: prevHash,
    });
    const row = { ...event, streamType: p.request.streamType, streamId: p.streamId, streamVersion, metadata: p.metadata, prevHash, hash, request };
    prevHash = hash;
    return row;
  });
}

/** The set-based INSERT of chained rows (insertRowsParams), parameters from $first, rows kept by `condition`. */
function insertRowsSql(first: number, condition: string): string {
  const $ = (i: number) => `$${first + i}`;
  return `insert into eventlog.event (event_id, stream_type, stream_id, stream_version, event_type, schema_version,
                                     payload, metadata, occurred_at, prev_hash, hash)
         select e.event_id, e.stream_type, e.stream_id, e.stream_version, e.event_type, e.schema_version, e.payload, e.metadata, e.occurred_at, e.prev_hash, e.hash
           from unnest(${$(0)}::uuid[], ${$(1)}::text[], ${$(2)}::text[], ${$(3)}::int[], ${$(4)}::text[], ${$(5)}::int[], ${$(6)}::jsonb[], ${$(7)}::jsonb[],
                       ${$(8)}::timestamptz[], ${$(9)}::text[], ${$(10)}::text[])
                with ordinality as e(event_id, stream_type, stream_id, stream_version, event_type, schema_version, payload, metadata, occurred_at, prev_hash, hash, ord)
          ${condition}
          order by e.ord
         on conflict (event_id) do nothing
         returning position, event_id::text as event_id`;
}

function insertRowsParams(rows: ChainedRow[]): unknown[] {
  return [
    rows.map((r) => r.eventId),
    rows.map((r) => r.streamType),
    rows.map((r) => r.streamId),
    rows.map((r) => r.streamVersion),
    rows.map((r) => r.type),
    rows.map((r) => r.schemaVersion),
    rows.map((r) => JSON.stringify(r.payload)),
    rows.map((r) => JSON.stringify(r.metadata)),
    rows.map((r) => r.occurredAt),
    rows.map((r) => r.prevHash),
    rows.map((r) => r.hash),
  ];
}

/** A stream that had events fails the stream-version uniqueness: the conflict its head would have shown. */
function appendFailure(error: unknown, request: AppendRequest): unknown {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError.code === '23505' && pgError.constraint === 'event_stream_version_unique') {
    return new StreamVersionConflictError(request.streamType, String(request.streamId), request.expectedVersion, null);
  }
  return error;
}

function partlyStored(missing: ChainedRow[]): InvalidAppendError {
  return new InvalidAppendError(`Certains de ces événements sont déjà enregistrés (${missing.map((r) => r.eventId).join(', ')}) : ajout refusé.`);
}

/**
 * Appends events to the log in the caller's transaction (never through the in-memory EventBus),
 * chaining each to the previous event of its stream by hash.
 */
@Injectable()
export class EventLog {
  constructor(
    private readonly clock: Clock,
    @Optional() private readonly signal?: AppendSignal,
  ) {}

  async append(tx: TransactionHandle, request: AppendRequest): Promise<AppendResult> {
    const streamId = String(request.streamId);
    this.validate(request, streamId);
    const sql = sqlExecutor(tx);
    const events = this.eventsOf(request);
    const metadata = toJsonValue(this.metadata(request));

    // 'any' first waits for the stream's other appenders (an advisory lock held until commit).
    // pg_current_xact_id() gives this transaction its id now, so that it can be compared with the
    // id of the transaction that wrote the stream's last event (see docs/adr/0004).
    const [head] = await sql.query<StreamHead>('select * from eventlog.stream_head($1, $2, $3, $4::uuid[])', [
      request.streamType,
      streamId,
      request.expectedVersion === 'any',
      events.map((e) => e.eventId),
    ]);
    const current = head.version ?? 0;
    if (head.existing.length === events.length) return { appended: false, streamVersion: current, positions: [] };
    if (head.existing.length > 0) {
      throw new InvalidAppendError(`Certains de ces événements sont déjà enregistrés (${head.existing.join(', ')}) : ajout refusé.`);
    }
    if (request.expectedVersion !== 'any' && request.expectedVersion !== current) {
      throw new StreamVersionConflictError(request.streamType, streamId, request.expectedVersion, current);
    }
    if (head.later_transaction) {
      // The previous event was written by a transaction that started writing after this one:
      // committing now would put this event before it in commit order. A retry gets a newer id.
      throw new StreamVersionConflictError(request.streamType, streamId, request.expectedVersion, current);
    }

    let prevHash = head.hash;
    const rows = events.map((event, index) => {
      const streamVersion = current + index + 1;
      const hash = eventHash({
        event_id: event.eventId,
        stream_type: request.streamType,
        stream_id: streamId,
        stream_version: streamVersion,
        event_type: event.type,
        schema_version: event.schemaVersion,
        payload: event.payload,
        metadata,
        occurred_at: event.occurredAt,
        prev_hash: prevHash,
      });
      const row = { ...event, streamVersion, prevHash, hash };
      prevHash = hash;
      return row;
    });

    let inserted: { position: number }[];
    try {
      inserted = await sql.query<{ position: number }>(
        `insert into eventlog.event (event_id, stream_type, stream_id, stream_version, event_type, schema_version,
                                     payload, metadata, occurred_at, prev_hash, hash)
         select e.event_id, $1, $2, e.stream_version, e.event_type, e.schema_version, e.payload, $3::jsonb, e.occurred_at, e.prev_hash, e.hash
           from unnest($4::uuid[], $5::int[], $6::text[], $7::int[], $8::jsonb[], $9::timestamptz[], $10::text[], $11::text[])
                with ordinality as e(event_id, stream_version, event_type, schema_version, payload, occurred_at, prev_hash, hash, ord)
          order by e.ord
         on conflict (event_id) do nothing
         returning position`,
        [
          request.streamType,
          streamId,
          JSON.stringify(metadata),
          rows.map((r) => r.eventId),
          rows.map((r) => r.streamVersion),
          rows.map((r) => r.type),
          rows.map((r) => r.schemaVersion),
          rows.map((r) => JSON.stringify(r.payload)),
          rows.map((r) => r.occurredAt),
          rows.map((r) => r.prevHash),
          rows.map((r) => r.hash),
        ],
      );
    } catch (error) {
      const pgError = error as { code?: string; constraint?: string };
      if (pgError.code === '23505' && pgError.constraint === 'event_stream_version_unique') {
        throw new StreamVersionConflictError(request.streamType, streamId, request.expectedVersion, null);
      }
      throw error;
    }
    // A concurrent append of the same ids committed first: all of them skipped is a no-op,
    // some of them skipped would leave a gap in the stream.
    if (inserted.length === 0) return { appended: false, streamVersion: current, positions: [] };
    if (inserted.length !== rows.length) throw new StreamVersionConflictError(request.streamType, streamId, request.expectedVersion, null);
    if (sql.transaction) this.signal?.appendedIn(sql.transaction);
    return { appended: true, streamVersion: current + rows.length, positions: inserted.map((r) => Number(r.position)) };
  }

  /**
   * Appends to many streams at once, set-based (a batch of xAPI statements: one new stream per
   * statement): each request is checked and chained exactly as `append` does it (same validation,
   * same stream head rules of docs/adr/0004, same hash over the same fields, so `eventlog:verify`
   * cannot tell them apart), but the heads are read in one statement and the events inserted in
   * one. A request whose events are all in the log already is a no-op (appended false), as for
   * `append`; any refusal refuses the whole call (the caller's transaction rolls back). A stream
   * may appear once per call.
   */
  async appendMany(tx: TransactionHandle, requests: AppendRequest[]): Promise<AppendResult[]> {
    if (requests.length === 0) return [];
    const sql = sqlExecutor(tx);
    const prepared = this.prepareMany(requests);
    const allIds = prepared.flatMap((p) => p.events.map((e) => e.eventId));

    // New streams only (every request expects version 0, as a batch of xAPI statements does): no
    // head to read, since a stream with events is refused either way — here by the INSERT, whose
    // (stream_type, stream_id, stream_version) uniqueness then fails on version 1, the conflict the
    // head would have shown — and the first event of a stream has no previous hash. An event
    // already in the log is skipped by the INSERT (on conflict (event_id)), which makes its
    // request a no-op below, as the lookup of existing ids does otherwise. Two round trips and
    // two index probes per stream fewer (issue 31).
    const fresh = prepared.every((p) => p.request.expectedVersion === 0);
    let heads: { version: number | null; hash: string | null; later_transaction: boolean }[];
    let existing = new Set<string>();
    if (fresh) {
      heads = prepared.map(() => ({ version: null, hash: null, later_transaction: false }));
    } else {
      // 'any' streams: their appenders' locks, taken in one order (no deadlock between two batches).
      const locked = prepared.filter((p) => p.request.expectedVersion === 'any').map((p) => `eventlog:${p.key}`).sort();
      if (locked.length > 0) {
        await sql.query(`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select k from unnest($1::text[]) k order by k) l`, [locked]);
      }
      // The heads, after the locks (a new statement: a fresh snapshot), compared with this
      // transaction's id, given to it first (pg_current_xact_id in the cross join, as stream_head does).
      heads = await this.heads(sql, prepared);
      existing = new Set(
        (await sql.query<{ event_id: string }>(`select event_id::text from eventlog.event where event_id = any($1::uuid[])`, [allIds])).map((r) => r.event_id),
      );
    }

    const results: AppendResult[] = [];
    const rows: ChainedRow[] = [];
    prepared.forEach((p, index) => {
      const head = heads[index];
      const current = head.version ?? 0;
      const already = p.events.filter((e) => existing.has(e.eventId)).map((e) => e.eventId);
      if (already.length === p.events.length) {
        results.push({ appended: false, streamVersion: current, positions: [] });
        return;
      }
      if (already.length > 0) throw new InvalidAppendError(`Certains de ces événements sont déjà enregistrés (${already.join(', ')}) : ajout refusé.`);
      const expected = p.request.expectedVersion;
      if ((expected !== 'any' && expected !== current) || head.later_transaction) {
        throw new StreamVersionConflictError(p.request.streamType, p.streamId, expected, current);
      }
      rows.push(...chained(p, index, current, head.hash));
      results.push({ appended: true, streamVersion: current + p.events.length, positions: [] });
    });
    if (rows.length === 0) return results;

    let inserted: { position: number; event_id: string }[];
    try {
      inserted = await sql.query<{ position: number; event_id: string }>(insertRowsSql(1, ''), insertRowsParams(rows));
    } catch (error) {
      throw appendFailure(error, requests[0]);
    }
    // As in `append`: a concurrent append of the same ids that committed first makes a request a
    // no-op when it skipped all of its events, a gap (refused) when it skipped some.
    const positions = new Map(inserted.map((r) => [r.event_id, Number(r.position)]));
    const byRequest = new Map<number, typeof rows>();
    for (const row of rows) {
      let own = byRequest.get(row.request);
      if (!own) byRequest.set(row.request, (own = []));
      own.push(row);
    }
    const skipped: number[] = [];
    for (const [index, own] of byRequest) {
      const kept = own.filter((r) => positions.has(r.eventId));
      const p = prepared[index];
      if (kept.length === 0) {
        results[index] = { appended: false, streamVersion: heads[index].version ?? 0, positions: [] };
        skipped.push(index);
      } else if (kept.length !== own.length) {
        // New streams: some of the request's events were in the log already (append refuses that before inserting).
        if (fresh) throw partlyStored(own.filter((r) => !positions.has(r.eventId)));
        throw new StreamVersionConflictError(p.request.streamType, p.streamId, p.request.expectedVersion, null);
      } else results[index] = { ...results[index], positions: kept.map((r) => positions.get(r.eventId)!) };
    }
    // New streams whose events were all in the log: a no-op answers the stream's version, as append does.
    if (fresh && skipped.length > 0) {
      const found = await this.heads(sql, skipped.map((index) => prepared[index]));
      skipped.forEach((index, i) => (results[index] = { appended: false, streamVersion: found[i].version ?? 0, positions: [] }));
    }
    if (inserted.length > 0 && sql.transaction) this.signal?.appendedIn(sql.transaction);
    return results;
  }

  /**
   * New streams (every request expects version 0) appended by the caller's own statement, as a
   * data-modifying CTE beside the change they record (issue 31: a batch of xAPI statements, its
   * statements and their events in one round trip). Validated, chained and hashed now, exactly as
   * `appendMany` does for new streams, so `eventlog:verify` cannot tell them apart; `insertSql`
   * inserts the events of the streams that a subquery of the caller's statement names (e.g. the
   * ids its own INSERT returned), and `settle`, after that statement, checks the outcome as
   * `appendMany` does (a stream whose events were all in the log already: a no-op; some: refused)
   * and marks the transaction for the commit signal. An error of the statement goes through
   * `failure` (a stream that had events: StreamVersionConflictError).
   */
  prepareNewStreams(requests: AppendRequest[]): NewStreamsAppend {
    const prepared = this.prepareMany(requests);
    if (prepared.some((p) => p.request.expectedVersion !== 0)) throw new InvalidAppendError('Ajout au journal refusé : seuls de nouveaux flux (version attendue 0) s’ajoutent ainsi.');
    // The caller's statement picks the streams by id alone: one stream type per call, so ids cannot collide.
    if (new Set(requests.map((r) => r.streamType)).size > 1) throw new InvalidAppendError('Ajout au journal refusé : un seul type de flux par ajout préparé.');
    const rows = prepared.flatMap((p, index) => chained(p, index, 0, null));
    const byStream = new Map<string, ChainedRow[]>();
    for (const row of rows) byStream.set(row.streamId, [...(byStream.get(row.streamId) ?? []), row]);
    return {
      params: insertRowsParams(rows),
      insertSql: (first, streams) => insertRowsSql(first, `where e.stream_id in (${streams})`),
      failure: (error) => appendFailure(error, requests[0]),
      settle: (tx, streamIds, insertedEventIds) => {
        const inserted = new Set(insertedEventIds);
        for (const streamId of streamIds) {
          const own = byStream.get(streamId) ?? [];
          const missing = own.filter((r) => !inserted.has(r.eventId));
          if (missing.length > 0 && missing.length < own.length) throw partlyStored(missing);
        }
        const sql = sqlExecutor(tx);
        if (inserted.size > 0 && sql.transaction) this.signal?.appendedIn(sql.transaction);
      },
    };
  }

  /** Each request validated, its events given their ids, schema version, time and metadata (appendMany, prepareNewStreams). */
  private prepareMany(requests: AppendRequest[]): PreparedRequest[] {
    const seen = new Set<string>();
    const prepared = requests.map((request) => {
      const streamId = String(request.streamId);
      this.validate(request, streamId);
      const key = `${request.streamType}/${streamId}`;
      if (seen.has(key)) throw new InvalidAppendError(`Ajout au journal refusé : le flux ${key} figure deux fois dans le même ajout.`);
      seen.add(key);
      return { request, streamId, key, events: this.eventsOf(request), metadata: toJsonValue(this.metadata(request)) };
    });
    const allIds = prepared.flatMap((p) => p.events.map((e) => e.eventId));
    if (new Set(allIds).size !== allIds.length) throw new InvalidAppendError('Ajout au journal refusé : un identifiant d’événement figure dans deux flux.');
    return prepared;
  }

  /** A request's events with their ids, payloads as JSON values, schema versions and times. */
  private eventsOf(request: AppendRequest): PreparedRequest['events'] {
    return request.events.map((event) => ({
      ...event,
      eventId: (event.eventId ?? randomUUID()).toLowerCase(),
      payload: toJsonValue(event.payload),
      schemaVersion: event.schemaVersion ?? 1,
      occurredAt: (event.occurredAt ?? this.clock.now()).toISOString(),
    }));
  }

  /** The head of each stream (last version and hash), and whether a transaction newer than this one wrote it (docs/adr/0004). */
  private heads(sql: SqlExecutor, streams: { request: AppendRequest; streamId: string }[]) {
    return sql.query<{ ord: number; version: number | null; hash: string | null; later_transaction: boolean }>(
      `select s.ord::int as ord, h.stream_version as version, h.hash, coalesce(h.transaction_id > me.xid, false) as later_transaction
         from (select pg_current_xact_id() as xid) me
        cross join unnest($1::text[], $2::text[]) with ordinality as s(stream_type, stream_id, ord)
         left join lateral (select e.stream_version, e.hash, e.transaction_id from eventlog.event e
                             where e.stream_type = s.stream_type and e.stream_id = s.stream_id
                             order by e.stream_version desc limit 1) h on true
        order by s.ord`,
      [streams.map((p) => p.request.streamType), streams.map((p) => p.streamId)],
    );
  }

  private metadata(request: AppendRequest): EventMetadata {
    const context = currentEventContext();
    const given = request.metadata ?? {};
    const actor = given.actor !== undefined ? given.actor : (context.actor ?? null);
    return {
      actorId: actor?.accountId ?? null,
      actorRole: actor?.role ?? null,
      correlationId: given.correlationId !== undefined ? given.correlationId : (context.correlationId ?? null),
      causationId: given.causationId !== undefined ? given.causationId : (context.causationId ?? null),
    };
  }

  private validate(request: AppendRequest, streamId: string): void {
    const problems: string[] = [];
    if (!STREAM_TYPE_PATTERN.test(request.streamType)) problems.push(`type de flux invalide « ${request.streamType} »`);
    if (streamId.length === 0 || streamId.length > 200) problems.push('identifiant de flux vide ou trop long');
    const expected = request.expectedVersion;
    if (expected !== 'any' && !(Number.isInteger(expected) && expected >= 0)) problems.push(`version attendue invalide « ${expected} »`);
    if (request.events.length === 0 || request.events.length > MAX_EVENTS_PER_APPEND) {
      problems.push(`entre 1 et ${MAX_EVENTS_PER_APPEND} événements par ajout`);
    }
    const ids = new Set<string>();
    for (const event of request.events) {
      if (!EVENT_TYPE_PATTERN.test(event.type)) problems.push(`type d’événement invalide « ${event.type} »`);
      if (event.schemaVersion !== undefined && !(Number.isInteger(event.schemaVersion) && event.schemaVersion > 0)) {
        problems.push(`version de schéma invalide pour ${event.type}`);
      }
      if (typeof event.payload !== 'object' || event.payload === null || Array.isArray(event.payload)) {
        problems.push(`la charge utile de ${event.type} doit être un objet`);
      }
      if (event.eventId !== undefined) {
        const id = event.eventId.toLowerCase();
        if (!UUID_PATTERN.test(id)) problems.push(`identifiant d’événement invalide « ${event.eventId} »`);
        if (ids.has(id)) problems.push(`identifiant d’événement répété « ${event.eventId} »`);
        ids.add(id);
      }
      if (event.occurredAt !== undefined && Number.isNaN(event.occurredAt.getTime())) problems.push(`date invalide pour ${event.type}`);
    }
    if (problems.length > 0) throw new InvalidAppendError(`Ajout au journal refusé : ${problems.join(' ; ')}.`);
  }
}
