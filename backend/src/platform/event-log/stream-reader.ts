import { Injectable } from '@nestjs/common';
import { Database } from '../database/database.js';
import { toRecordedEvent, type EventRow, type RecordedEvent } from './recorded-event.js';

/** A stream of the log: its type and id. */
export interface LogStreamRef {
  streamType: string;
  streamId: string;
}

/** What selects streams: the type's prefix (`tutoring.`) and what one of its events' payload contains. */
export interface StreamMatch {
  streamTypePrefix: string;
  payloadContains: Record<string, string | number>;
}

/**
 * Reads whole streams of the log for a dossier de preuves (docs/adr/0036): which streams hold an
 * event whose payload names these ids, then their events page by page in the log's order (keyset
 * on the position, never the whole log in memory). Committed events only; a read, no lock.
 */
@Injectable()
export class EventStreamReader {
  constructor(private readonly db: Database) {}

  async findStreams(matches: readonly StreamMatch[]): Promise<LogStreamRef[]> {
    if (matches.length === 0) return [];
    const rows = await this.db.query<{ stream_type: string; stream_id: string }>(
      `select distinct e.stream_type, e.stream_id
         from eventlog.event e
         join unnest($1::text[], $2::jsonb[]) as m(prefix, contains) on e.stream_type like m.prefix || '%' and e.payload @> m.contains
        order by e.stream_type, e.stream_id`,
      [matches.map((m) => m.streamTypePrefix.replace(/[%_\\]/g, (c) => `\\${c}`)), matches.map((m) => JSON.stringify(m.payloadContains))],
    );
    return rows.map((r) => ({ streamType: r.stream_type, streamId: r.stream_id }));
  }

  /** The events of these streams after `afterPosition`, `limit` at most, in position order. */
  async readPage(streams: readonly LogStreamRef[], afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    if (streams.length === 0) return [];
    const rows = await this.db.query<EventRow>(
      `select e.* from eventlog.event e
         join unnest($1::text[], $2::text[]) as s(stream_type, stream_id) on e.stream_type = s.stream_type and e.stream_id = s.stream_id
        where e.position > $3
        order by e.position
        limit $4`,
      [streams.map((s) => s.streamType), streams.map((s) => s.streamId), afterPosition, limit],
    );
    return rows.map(toRecordedEvent);
  }
}
