import { createHash } from 'node:crypto';

/**
 * The canonical serialisation every event hash is computed over (docs/event-log.md): JSON with
 * object keys sorted by UTF-16 code units, no whitespace, numbers and strings as JSON.stringify
 * writes them, which is RFC 8785 (JCS) for the values a jsonb column can hold.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Nombre non représentable en JSON : ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
  }
  throw new TypeError(`Valeur non représentable en JSON canonique : ${String(value)}`);
}

/**
 * A payload as jsonb will give it back: Dates become ISO strings, undefined properties vanish.
 * Anything JSON cannot carry faithfully (NaN, Infinity, bigint, functions) is refused rather
 * than silently turned into null.
 */
export function toJsonValue<T>(value: T): T {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new TypeError(`Nombre non représentable en JSON : ${v}`);
    if (typeof v === 'bigint' || typeof v === 'function' || typeof v === 'symbol') throw new TypeError(`Valeur non représentable en JSON : ${typeof v}`);
    return v;
  });
  return JSON.parse(text) as T;
}

/** The fields an event hash covers, named as the table's columns. */
export interface HashedEvent {
  event_id: string;
  stream_type: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: object;
  metadata: object;
  /** ISO 8601, UTC, milliseconds: Date.prototype.toISOString(). */
  occurred_at: string;
  prev_hash: string | null;
}

/** sha256, lowercase hex, of the canonical JSON of the hashed fields (prev_hash included). */
export function eventHash(event: HashedEvent): string {
  const fields: HashedEvent = {
    event_id: event.event_id,
    stream_type: event.stream_type,
    stream_id: event.stream_id,
    stream_version: event.stream_version,
    event_type: event.event_type,
    schema_version: event.schema_version,
    payload: event.payload,
    metadata: event.metadata,
    occurred_at: event.occurred_at,
    prev_hash: event.prev_hash,
  };
  return createHash('sha256').update(canonicalJson(fields), 'utf8').digest('hex');
}
