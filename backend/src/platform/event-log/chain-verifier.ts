import { createHash } from 'node:crypto';
import { eventHash } from './event-hash.js';
import type { SqlExecutor } from './sql-executor.js';

export type LinkProblem = 'hash' | 'prev_hash' | 'missing_events' | 'imprecise_value';

export interface BrokenLink {
  position: number;
  eventId: string;
  streamType: string;
  streamId: string;
  streamVersion: number;
  problem: LinkProblem;
  message: string;
}

export interface VerifyReport {
  events: number;
  streams: number;
  broken: BrokenLink[];
  /**
   * sha256 over every stream's last version and hash. With `asOf`, it never changes: note it down
   * (an audit file, a signed mail) and a later run with the same date must print it again.
   */
  digest: string;
}

export interface StreamFilter {
  streamType?: string;
  streamId?: string;
  /** Only events recorded up to then: the digest of the log as of a date never changes. */
  asOf?: Date;
}

interface Row {
  position: number;
  event_id: string;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: string;
  metadata: string;
  occurred_at: string;
  sub_millisecond: boolean;
  prev_hash: string | null;
  hash: string;
}

/** A JSON number literal as (sign, significant digits, exponent), to compare decimals exactly. */
function decimal(literal: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return literal;
  const digits = `${match[2]}${match[3] ?? ''}`;
  const exponent = Number(match[4] ?? 0) - (match[3]?.length ?? 0);
  const trimmedLeft = digits.replace(/^0+/, '');
  if (trimmedLeft === '') return '0';
  const trimmed = trimmedLeft.replace(/0+$/, '');
  return `${match[1]}${trimmed}e${exponent + (trimmedLeft.length - trimmed.length)}`;
}

/**
 * Parses jsonb text the way the hash saw it, and says whether a number was stored with more
 * precision than a JSON number carries (1.0000000000000001 would hash as 1: an alteration).
 */
export function parseExactJson(text: string): { value: unknown; exact: boolean } {
  let exact = true;
  const value = JSON.parse(text, function (_key, parsed: unknown, context?: { source?: string }) {
    if (typeof parsed === 'number' && context?.source !== undefined && decimal(context.source) !== decimal(String(parsed))) exact = false;
    return parsed;
  } as (this: unknown, key: string, value: unknown) => unknown);
  return { value, exact };
}

const PAGE = 5000;

/**
 * Recomputes every hash chain: each event's hash over its canonical form, each link to the
 * previous version of its stream, versions without holes. Streams are read in (type, id, version)
 * order through the unique index, a page at a time.
 */
export async function verifyChains(sql: SqlExecutor, filter: StreamFilter = {}, maxBroken = 20): Promise<VerifyReport> {
  const report: VerifyReport = { events: 0, streams: 0, broken: [], digest: '' };
  const digest = createHash('sha256');
  let previous: Row | null = null;
  let after: [string, string, number] = ['', '', 0];
  for (;;) {
    const rows = await sql.query<Row>(
      `select position, event_id::text, stream_type, stream_id, stream_version, event_type, schema_version,
              payload::text as payload, metadata::text as metadata,
              to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at,
              (extract(microseconds from occurred_at)::bigint % 1000) <> 0 as sub_millisecond, prev_hash, hash
         from eventlog.event
        where (stream_type, stream_id, stream_version) > ($1, $2, $3)
          and ($4::text is null or stream_type = $4) and ($5::text is null or stream_id = $5)
          and ($6::timestamptz is null or recorded_at <= $6)
        order by stream_type, stream_id, stream_version
        limit ${PAGE}`,
      [after[0], after[1], after[2], filter.streamType ?? null, filter.streamId ?? null, filter.asOf?.toISOString() ?? null],
    );
    for (const row of rows) {
      const sameStream = previous !== null && previous.stream_type === row.stream_type && previous.stream_id === row.stream_id;
      if (!sameStream) {
        if (previous) digest.update(`${previous.stream_type}/${previous.stream_id}@${previous.stream_version}:${previous.hash}\n`);
        report.streams += 1;
      }
      report.events += 1;
      const problem = check(row, sameStream ? previous : null);
      if (problem && report.broken.length < maxBroken) report.broken.push(problem);
      previous = row;
    }
    if (rows.length < PAGE) break;
    const last = rows[rows.length - 1];
    after = [last.stream_type, last.stream_id, last.stream_version];
  }
  if (previous) digest.update(`${previous.stream_type}/${previous.stream_id}@${previous.stream_version}:${previous.hash}\n`);
  report.digest = digest.digest('hex');
  return report;
}

function check(row: Row, previous: Row | null): BrokenLink | null {
  const link = (problem: LinkProblem, message: string): BrokenLink => ({
    position: Number(row.position),
    eventId: row.event_id,
    streamType: row.stream_type,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    problem,
    message,
  });
  const expectedVersion = previous ? previous.stream_version + 1 : 1;
  if (row.stream_version !== expectedVersion) {
    return link('missing_events', `version ${row.stream_version} alors que ${expectedVersion} était attendue : des événements ont disparu avant celui-ci`);
  }
  const expectedPrev = previous ? previous.hash : null;
  if (row.prev_hash !== expectedPrev) {
    return link('prev_hash', `prev_hash ${row.prev_hash ?? 'null'} ≠ empreinte de la version précédente ${expectedPrev ?? 'null'}`);
  }
  const payload = parseExactJson(row.payload);
  const metadata = parseExactJson(row.metadata);
  if (!payload.exact || !metadata.exact || row.sub_millisecond) {
    return link('imprecise_value', 'une valeur a une précision que la forme canonique ne porte pas : elle a été modifiée après coup');
  }
  const recomputed = eventHash({
    event_id: row.event_id,
    stream_type: row.stream_type,
    stream_id: row.stream_id,
    stream_version: row.stream_version,
    event_type: row.event_type,
    schema_version: row.schema_version,
    payload: payload.value as object,
    metadata: metadata.value as object,
    occurred_at: row.occurred_at,
    prev_hash: row.prev_hash,
  });
  if (recomputed !== row.hash) return link('hash', `empreinte recalculée ${recomputed} ≠ empreinte enregistrée ${row.hash}`);
  return null;
}
