import { createHash } from 'node:crypto';

/*
 * What binds the rows kept beside the log to the events that record them (ADR 0040): the SHA-256
 * of a canonical JSON (RFC 8785 for these values, the form the log's own hashes use) of exactly
 * what was stored. Computed on the write path from the values written (no read), and again by
 * `npm run evidence:verify-rows` from the rows as they read today: a row changed since names
 * itself by a different digest.
 */

/** The schema version of LearningTimeRecorded that carries `beatSeqs` and `beatsSha256`. */
export const BEATS_BOUND_SINCE = 2;
/** The schema version of ScormCommitted that carries `commitSha256`. */
export const COMMITS_BOUND_SINCE = 3;

/**
 * JSON with object keys sorted by UTF-16 code units, no white space, numbers and strings as
 * JSON.stringify writes them: RFC 8785 (JCS) for the values rows hold, the form of the log's own
 * hashes (platform/event-log/event-hash.ts; a contract imports only the shared kernel, so it is
 * written here again, and backend/src/cli/row-digests.spec.ts holds the two equal).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Nombre non représentable en JSON : ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).filter((key) => object[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
  }
  throw new TypeError(`Valeur non représentable en JSON canonique : ${String(value)}`);
}

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A stored beat, as its digest reads it: instants in ISO 8601 UTC to the millisecond. */
export interface BeatForDigest {
  seq: number;
  at: string;
  visible: boolean;
  focused: boolean;
  playing: boolean;
  lastInputAt: string | null;
  receivedAt: string;
}

/** Where a save's beats are filed (the beat table's key columns besides seq). */
export interface BeatPlace {
  sessionId: string;
  studentId: number;
  courseId: number;
  kind: string;
  stepId: number;
}

const iso = (value: string | Date | number): string => new Date(value).toISOString();

/** The digest of a save's beats: the place and the beats in the order of their seq. */
export function beatsDigest(place: BeatPlace, beats: readonly BeatForDigest[]): string {
  const rows = [...beats]
    .sort((a, b) => a.seq - b.seq)
    .map((b) => ({
      seq: b.seq, at: iso(b.at), visible: b.visible, focused: b.focused, playing: b.playing,
      lastInputAt: b.lastInputAt === null ? null : iso(b.lastInputAt), receivedAt: iso(b.receivedAt),
    }));
  return sha256(canonicalJson({
    sessionId: place.sessionId.toLowerCase(), studentId: place.studentId, courseId: place.courseId, kind: place.kind, stepId: place.stepId, beats: rows,
  }));
}

/** A stored SCORM commit row, as its digest reads it (cmi as kept, suspend_data included). */
export interface CommitForDigest {
  studentId: number;
  courseId: number;
  chapterId: number;
  sco: string;
  sessionId: string;
  seq: number;
  attempt: number;
  outcome: string;
  cmi: unknown;
  /** numeric in the table: a string when read back, a number when written. */
  sessionSeconds: number | string | null;
  receivedAt: string | Date;
}

/** The digest of one commit row. */
export function commitDigest(row: CommitForDigest): string {
  return sha256(canonicalJson({
    studentId: row.studentId, courseId: row.courseId, chapterId: row.chapterId, sco: row.sco, sessionId: row.sessionId.toLowerCase(), seq: row.seq,
    attempt: row.attempt, outcome: row.outcome, cmi: row.cmi, sessionSeconds: row.sessionSeconds === null ? null : Number(row.sessionSeconds), receivedAt: iso(row.receivedAt),
  }));
}
