import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../shared-kernel/index.js';
import { Database } from '../database/database.js';
import type { EventLogListRequest } from './event-log.requests.js';

export interface EventView {
  position: number;
  event_id: string;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  occurred_at: string;
  recorded_at: string;
  prev_hash: string | null;
  hash: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The log as auditors read it: filtered, paged, straight from the table (no aggregate loading). */
@Injectable()
export class EventLogQueries {
  constructor(private readonly db: Database) {}

  async list(filters: EventLogListRequest): Promise<{ count: number; page: number; pageSize: number; results: EventView[] }> {
    const page = filters.page ?? 1;
    const pageSize = filters.page_size ?? 50;
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (filters.stream_type) add((p) => `stream_type = ${p}`, filters.stream_type);
    if (filters.stream_id) add((p) => `stream_id = ${p}`, filters.stream_id);
    if (filters.event_type) add((p) => `event_type = ${p}`, filters.event_type);
    if (filters.actor_id !== undefined) add((p) => `metadata ->> 'actorId' = ${p}`, String(filters.actor_id));
    // A date alone is a day of the centre (Europe/Paris), whole: from its first to its last instant.
    if (filters.from) {
      add((p) => (DATE_ONLY.test(filters.from!) ? `occurred_at >= (${p}::date)::timestamp at time zone 'Europe/Paris'` : `occurred_at >= ${p}::timestamptz`), filters.from);
    }
    if (filters.to) {
      add((p) => (DATE_ONLY.test(filters.to!) ? `occurred_at < (${p}::date + 1)::timestamp at time zone 'Europe/Paris'` : `occurred_at <= ${p}::timestamptz`), filters.to);
    }
    const condition = where.length > 0 ? `where ${where.join(' and ')}` : '';
    try {
      const [{ count }] = await this.db.query<{ count: number }>(`select count(*)::int as count from eventlog.event ${condition}`, params);
      const results = await this.db.query<EventView>(
        `select position, event_id, stream_type, stream_id, stream_version, event_type, schema_version, payload, metadata,
                occurred_at, recorded_at, prev_hash, hash
           from eventlog.event ${condition}
          order by position ${filters.order === 'asc' ? 'asc' : 'desc'}
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
        params,
      );
      return { count, page, pageSize, results };
    } catch (error) {
      // 22008: a well-formed but impossible date (2026-02-31).
      if ((error as { code?: string }).code === '22008') throw new InvalidInputError("Cette date n'existe pas.");
      throw error;
    }
  }
}
