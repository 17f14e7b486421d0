import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { Clock } from '../../shared-kernel/index.js';
import { AppendSignal } from './append-signal.js';
import { currentEventContext } from './event-context.js';
import { eventHash, toJsonValue } from './event-hash.js';
import { InvalidAppendError, StreamVersionConflictError } from './event-log.errors.js';
import type { EventMetadata, NewEvent } from './recorded-event.js';
import { sqlExecutor, type TransactionHandle } from './sql-executor.js';

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
    const events = request.events.map((event) => ({
      ...event,
      eventId: (event.eventId ?? randomUUID()).toLowerCase(),
      payload: toJsonValue(event.payload),
      schemaVersion: event.schemaVersion ?? 1,
      occurredAt: (event.occurredAt ?? this.clock.now()).toISOString(),
    }));
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
