import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import type { HashedFile } from './dossier-check';

/*
 * The rows kept beside the log, checked against the events that bind them (issue 27, docs/adr/0040
 * « Digests in the events »): for each LearningTimeRecorded of version ≥ 2 in donnees/evenements.json,
 * the beats it names (its session, its `beatSeqs`) are taken from donnees/signaux-de-presence.json and
 * their digest recomputed; for each ScormCommitted of version ≥ 3, its commit row (session, SCO, seq)
 * from donnees/enregistrements-scorm.json. The digest is the server's
 * (backend learning-progress/contracts/learning-progress.row-digests.ts): SHA-256 of the canonical
 * JSON (keys sorted, no white space) of the row as stored, with the server's field names, instants as
 * ISO 8601 UTC to the millisecond. The files name the columns in snake_case and leave out the learner
 * and the course (one dossier = one learner, one course): those come from the event, as the server's
 * own check (npm run evidence:verify-rows) reads them from the table it filters on.
 */

/** The schema versions that bind the rows (BEATS_BOUND_SINCE, COMMITS_BOUND_SINCE on the server). */
export const BEATS_BOUND_SINCE = 2;
export const COMMITS_BOUND_SINCE = 3;

/** The server's canonicalJson (RFC 8785 for the values rows hold). */
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

const digest = (value: unknown) => bytesToHex(sha256(new TextEncoder().encode(canonicalJson(value))));
const iso = (value: unknown) => new Date(value as string).toISOString();

/** A row of donnees/signaux-de-presence.json (backend BeatRow). */
export interface BeatFileRow {
  session_id: string;
  seq: number;
  kind: string;
  step_id: number;
  at: string;
  visible: boolean;
  focused: boolean;
  playing: boolean;
  last_input_at: string | null;
  received_at: string;
}

/** A row of donnees/enregistrements-scorm.json (backend ScormCommitRow). */
export interface CommitFileRow {
  id: number;
  chapter_id: number;
  sco: string;
  attempt: number;
  session_id: string;
  seq: number;
  outcome: string;
  cmi: unknown;
  session_seconds: number | string | null;
  received_at: string;
}

interface EventLine {
  eventId?: string;
  type?: string;
  schemaVersion?: number;
  payload?: Record<string, unknown>;
}

/** The digest the server gives a save's beats (beatsDigest), from the file's rows and the event's place. */
export function beatsDigestOf(place: { sessionId: string; studentId: number; courseId: number; kind: string; stepId: number }, rows: readonly BeatFileRow[]): string {
  const beats = [...rows]
    .sort((a, b) => a.seq - b.seq)
    .map((b) => ({
      seq: b.seq, at: iso(b.at), visible: b.visible, focused: b.focused, playing: b.playing,
      lastInputAt: b.last_input_at === null ? null : iso(b.last_input_at), receivedAt: iso(b.received_at),
    }));
  return digest({ sessionId: place.sessionId.toLowerCase(), studentId: place.studentId, courseId: place.courseId, kind: place.kind, stepId: place.stepId, beats });
}

/** The digest the server gives a commit row (commitDigest), the learner and course from its event. */
export function commitDigestOf(owner: { studentId: number; courseId: number }, row: CommitFileRow): string {
  return digest({
    studentId: owner.studentId, courseId: owner.courseId, chapterId: row.chapter_id, sco: row.sco, sessionId: row.session_id.toLowerCase(), seq: row.seq,
    attempt: row.attempt, outcome: row.outcome, cmi: row.cmi, sessionSeconds: row.session_seconds === null ? null : Number(row.session_seconds), receivedAt: iso(row.received_at),
  });
}

export interface RowProblem {
  kind: 'signaux' | 'scorm';
  verdict: 'modifie' | 'absent';
  /** Which rows: « session …, seq 3, 4 » or « SCO « … », session …, seq 2 ». */
  where: string;
  /** The event that binds them. */
  eventId: string;
}

export interface RowDigestCheck {
  /** The learner's folder in the ZIP ('' for one dossier). */
  folder: string;
  /** Beat groups (one per LearningTimeRecorded ≥ 2) and commit rows (one per ScormCommitted ≥ 3) recomputed. */
  beatGroups: number;
  commits: number;
  /** Rows of the files no binding event names: written before the binding versions, or (commits) stale ones. */
  notCovered: { beats: number; commits: number };
  problems: RowProblem[];
  /** A file that could not be read as JSON (French), or null. */
  unreadable: string | null;
  ok: boolean;
}

const parseArray = <T>(text: string | undefined): T[] | null => {
  if (text === undefined) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : null;
  } catch {
    return null;
  }
};

const seqList = (seqs: readonly number[]) => seqs.join(', ');

/** Checks one learner's rows (the three files' texts; a data file not dropped: nothing recomputed, said so). */
export function checkRowDigests(folder: string, files: { events: string; beats?: string; commits?: string }): RowDigestCheck {
  const result: RowDigestCheck = { folder, beatGroups: 0, commits: 0, notCovered: { beats: 0, commits: 0 }, problems: [], unreadable: null, ok: false };
  const events = parseArray<EventLine>(files.events);
  const beats = parseArray<BeatFileRow>(files.beats);
  const commits = parseArray<CommitFileRow>(files.commits);
  const missing = [files.beats === undefined ? 'donnees/signaux-de-presence.json' : null, files.commits === undefined ? 'donnees/enregistrements-scorm.json' : null].filter(Boolean);
  if (missing.length > 0) {
    result.unreadable = `${missing.join(', ')} non déposé(s) : les empreintes des lignes ne peuvent pas être recalculées.`;
    return result;
  }
  const bad = [events ? null : 'donnees/evenements.json', beats ? null : 'donnees/signaux-de-presence.json', commits ? null : 'donnees/enregistrements-scorm.json'].filter(Boolean);
  if (!events || !beats || !commits) {
    result.unreadable = `${bad.join(', ')} : pas un tableau JSON lisible, les empreintes des lignes ne peuvent pas être recalculées.`;
    return result;
  }
  const beatByKey = new Map(beats.map((b) => [`${String(b.session_id).toLowerCase()}/${b.seq}`, b]));
  const commitByKey = new Map(commits.map((c) => [`${String(c.session_id).toLowerCase()}/${c.sco}/${c.seq}`, c]));
  const usedBeats = new Set<string>();
  const usedCommits = new Set<string>();

  for (const e of events) {
    const p = e.payload ?? {};
    const eventId = String(e.eventId);
    if (e.type === 'LearningTimeRecorded' && (e.schemaVersion ?? 1) >= BEATS_BOUND_SINCE) {
      const sessionId = String(p.sessionId).toLowerCase();
      const seqs = Array.isArray(p.beatSeqs) ? (p.beatSeqs as number[]) : [];
      result.beatGroups += 1;
      const keys = seqs.map((seq) => `${sessionId}/${seq}`);
      keys.forEach((k) => usedBeats.add(k));
      const missing = seqs.filter((_, i) => !beatByKey.has(keys[i]));
      if (missing.length > 0) {
        result.problems.push({ kind: 'signaux', verdict: 'absent', where: `session ${sessionId}, seq ${seqList(missing)}`, eventId });
        continue;
      }
      const rows = keys.map((k) => beatByKey.get(k)!);
      let computed: string | null;
      try {
        computed = beatsDigestOf({ sessionId, studentId: Number(p.studentId), courseId: Number(p.courseId), kind: String(p.kind), stepId: Number(p.stepId) }, rows);
      } catch {
        computed = null;
      }
      // A row moved to another step is changed too, though the digest (the event's place) would hold.
      const moved = rows.some((b) => b.kind !== p.kind || b.step_id !== p.stepId);
      if (computed !== p.beatsSha256 || moved) result.problems.push({ kind: 'signaux', verdict: 'modifie', where: `session ${sessionId}, seq ${seqList(seqs)}`, eventId });
    } else if (e.type === 'ScormCommitted' && (e.schemaVersion ?? 1) >= COMMITS_BOUND_SINCE) {
      const sessionId = String(p.sessionId).toLowerCase();
      const key = `${sessionId}/${String(p.sco)}/${Number(p.seq)}`;
      const where = `SCO « ${String(p.sco)} », session ${sessionId}, seq ${Number(p.seq)}`;
      result.commits += 1;
      usedCommits.add(key);
      const row = commitByKey.get(key);
      if (!row) {
        result.problems.push({ kind: 'scorm', verdict: 'absent', where, eventId });
        continue;
      }
      let computed: string | null;
      try {
        computed = commitDigestOf({ studentId: Number(p.studentId), courseId: Number(p.courseId) }, row);
      } catch {
        computed = null;
      }
      if (computed !== p.commitSha256) result.problems.push({ kind: 'scorm', verdict: 'modifie', where, eventId });
    }
  }
  result.notCovered = { beats: [...beatByKey.keys()].filter((k) => !usedBeats.has(k)).length, commits: [...commitByKey.keys()].filter((k) => !usedCommits.has(k)).length };
  result.ok = result.problems.length === 0;
  return result;
}

const EVENTS = 'donnees/evenements.json';
const BEATS = 'donnees/signaux-de-presence.json';
const COMMITS = 'donnees/enregistrements-scorm.json';

/** The learner folders among what was dropped (a batch's or one dossier's), each with its three data files' texts. */
export function rowDigestsToCheck(dropped: readonly HashedFile[]): { folder: string; events: string; beats?: string; commits?: string }[] {
  const textOf = (path: string) => dropped.find((f) => f.path === path)?.text;
  const out: { folder: string; events: string; beats?: string; commits?: string }[] = [];
  for (const f of dropped) {
    if (f.text === undefined || !(f.path === EVENTS || f.path.endsWith(`/${EVENTS}`))) continue;
    const folder = f.path.slice(0, f.path.length - EVENTS.length);
    out.push({ folder, events: f.text, beats: textOf(folder + BEATS), commits: textOf(folder + COMMITS) });
  }
  // Loose files dropped without their folders: the three by their names alone.
  if (out.length === 0) {
    const byName = (name: string) => dropped.find((f) => f.text !== undefined && (f.path === name || f.path.endsWith(`/${name}`)))?.text;
    const events = byName('evenements.json');
    if (events !== undefined) out.push({ folder: '', events, beats: byName('signaux-de-presence.json'), commits: byName('enregistrements-scorm.json') });
  }
  return out;
}
