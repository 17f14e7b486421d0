import { InvalidInputError } from '../../../shared-kernel/index.js';
import { readScore, refuseBadScore, type ScormScore } from './scorm-trace.js';

/**
 * The order of a SCORM runtime's commits (docs/learning-progress.md): the frame numbers its commits
 * within a session (the page's life); the server keeps the newest of each session and every
 * commit of the attempt as a trace. A commit retried after a lost answer is a duplicate (already
 * stored: acknowledged again, nothing written); one older than the newest stored is stale (its
 * state is out of date: kept in the trace, never applied over the newer one).
 */
export const SUSPEND_DATA_MAX = { '1.2': 64_000, '2004': 64_000 } as const;

export type CommitOutcome = 'applied' | 'duplicate' | 'stale';

/**
 * What the evidence repository answers once it has kept a commit: the commit's sequence (the next
 * one of the session when the client sent none), its outcome, and the stored state of every SCO of
 * the chapter after it (none read for a duplicate, which changes nothing).
 */
export interface KeptCommit {
  seq: number;
  outcome: CommitOutcome;
  scoStates: readonly { sco: string; cmi: Record<string, unknown> }[];
  /** The SCO's state stored before an applied commit (null for its first, or when not applied): a change of status is read against it. */
  previous?: Record<string, unknown> | null;
  /** The attempt of the package the commit was filed under (numbered by the server). */
  attempt?: number;
  /** The commit ended that attempt (exitAll, abandonAll): the next opening starts the next one. */
  attemptEnded?: boolean;
  /** The digest of the commit row as stored (learning-progress.row-digests.ts, ADR 0040); the repository always gives it for a kept commit. */
  sha256?: string;
}

/** The navigation requests that end the learner's attempt of the whole package (SCORM 2004 RTE 4.4). */
const ENDING_REQUESTS = new Set(['exitAll', 'abandonAll']);

/**
 * Whether a commit ends the attempt of the whole package: the SCO's last commit (`final`) carrying
 * the package's `exitAll` or `abandonAll` (`cmi_data.nav_request`, as the player read
 * `adl.nav.request`). Ending an attempt gains a learner nothing (the next starts from nothing; a
 * step validated stays validated), so the package's say-so is enough.
 */
export function endsAttempt(final: boolean, cmi: Record<string, unknown>): boolean {
  return final && typeof cmi.nav_request === 'string' && ENDING_REQUESTS.has(cmi.nav_request);
}

export function commitOutcome(lastSeqOfSession: number | null, seq: number): CommitOutcome {
  if (!Number.isInteger(seq) || seq < 1) throw new InvalidInputError('Numéro de séquence invalide.', 'seq');
  if (lastSeqOfSession === null || seq > lastSeqOfSession) return 'applied';
  return seq === lastSeqOfSession ? 'duplicate' : 'stale';
}

/**
 * A commit as it is kept: a field refused for a reason of its own (a suspend_data over the limit)
 * is left out with its message, and the rest of the commit (statuses, score, location, time) is
 * kept rather than the whole commit dropped; the SCO's state keeps its stored value of that field.
 */
export interface AcceptedCmi {
  cmi: Record<string, unknown>;
  /** Each refused field and why, in French (the answer's `refused`). */
  refused: Record<string, string>;
}

export function acceptCmi(version: '1.2' | '2004', cmi: Record<string, unknown>): AcceptedCmi {
  // A score that breaks a rule (scorm-trace.ts) is refused the same way, its fields alone.
  const scored = refuseBadScore(cmi);
  const kept = { ...scored.cmi };
  const refused: Record<string, string> = { ...scored.refused };
  try {
    checkSuspendData(version, kept.suspend_data);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    delete kept.suspend_data;
    refused.suspend_data = error.message;
  }
  // cmi.interactions and cmi.objectives: kept as the package reported them, known fields only, capped.
  const lists = [
    ['interactions', INTERACTION_FIELDS, INTERACTIONS_MAX],
    ['objectives', OBJECTIVE_FIELDS, OBJECTIVES_MAX],
  ] as const;
  for (const [field, fields, max] of lists) {
    if (cmi[field] === undefined) continue;
    const read = records(cmi[field], fields, max);
    if (read === null) {
      delete kept[field];
      refused[field] = `${field} doit être une liste d’objets (identifiants et valeurs en texte).`;
    } else {
      // Beyond the cap the rest is left out silently: the kept ones still replace the stored list.
      kept[field] = field === 'objectives' && version === '1.2' ? read.kept.map(objective12) : read.kept;
    }
  }
  return { cmi: kept, refused };
}

/**
 * A 1.2 objective has one status; filed as 2004's two, passed and failed are a success on a
 * completed objective (a client that sends the 1.2 status as completion_status is corrected here).
 */
function objective12(objective: Record<string, string>): Record<string, string> {
  const status = objective.completion_status;
  if (status !== 'passed' && status !== 'failed') return objective;
  return { ...objective, completion_status: 'completed', success_status: status };
}

/** suspend_data is stored whole, up to the 2004 limit (1.2's 4,096 is exceeded by real exports, so it gets the same room). */
export function checkSuspendData(version: '1.2' | '2004', data: unknown): string {
  if (data === undefined || data === null) return '';
  if (typeof data !== 'string') throw new InvalidInputError('suspend_data doit être du texte.', 'suspend_data');
  const max = SUSPEND_DATA_MAX[version];
  if (data.length > max) throw new InvalidInputError(`suspend_data ne doit pas dépasser ${max} caractères.`, 'suspend_data');
  return data;
}

/** SCORM session times ("PT1H2M3.5S" in 2004, "0001:02:03.50" in 1.2) in seconds; null when unreadable. */
export function sessionSeconds(version: '1.2' | '2004', value: unknown): number | null {
  if (typeof value !== 'string' || value === '') return null;
  if (version === '1.2') {
    const match = /^(\d{2,4}):(\d{2}):(\d{2}(?:\.\d{1,2})?)$/.exec(value);
    return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
  }
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return null;
  const [, y, mo, d, h, mi, s] = match.map((part) => Number(part ?? 0));
  return (((y ?? 0) * 365 + (mo ?? 0) * 30 + (d ?? 0)) * 24 + (h ?? 0)) * 3600 + (mi ?? 0) * 60 + (s ?? 0);
}

/** What the manifest gives the run-time of a SCO (null: not given). */
export interface ScoSettings {
  /** 1.2 adlcp:masteryscore. */
  masteryScore: number | null;
  /** 2004 adlcp:completionThreshold. */
  completionThreshold: number | null;
  /** 2004 imsss:minNormalizedMeasure of a primary objective satisfied by measure. */
  scaledPassingScore: number | null;
}

export const NO_SETTINGS: ScoSettings = { masteryScore: null, completionThreshold: null, scaledPassingScore: null };

const decimalOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
};

const TERMINAL_1_2 = new Set(['completed', 'passed', 'failed']);

/**
 * The statuses the LMS decides (docs/learning-progress.md, "SCORM run-time rules"), applied by the
 * server to each commit of a learner (who always runs in `normal` mode with `credit`):
 * - 1.2 (RTE 3.4.4): when the SCO ends (LMSFinish, or the learner leaves: `ending`), a status still
 *   « not attempted » (or none) becomes « completed »; then, when the manifest gives a mastery score
 *   and the SCO set `score.raw`, a finished status (or an ending one) becomes « passed » or « failed »
 *   by comparison.
 * - 2004 (RTE 4.2.4.1, 4.2.22.1): with a completion threshold and a progress_measure, completion is
 *   « completed » or « incomplete » by comparison; with a scaled passing score, success is « passed »
 *   or « failed » by comparison with `score.scaled`, and « unknown » without one.
 * Returns the cmi as the SCO's state keeps it (the statuses replaced by the LMS's).
 */
export function applyRunTimeRules(version: '1.2' | '2004', cmi: Record<string, unknown>, settings: ScoSettings, ending: boolean): Record<string, unknown> {
  const out = { ...cmi };
  if (version === '1.2') {
    const key = typeof cmi.lesson_status === 'string' || typeof cmi.completion_status !== 'string' ? 'lesson_status' : 'completion_status';
    const reported = typeof cmi[key] === 'string' ? (cmi[key] as string) : '';
    let status = reported;
    if (ending && (status === '' || status === 'not attempted')) status = 'completed';
    const raw = decimalOf(cmi.score_raw ?? cmi.score);
    if (settings.masteryScore !== null && raw !== null && (ending || TERMINAL_1_2.has(status))) status = raw >= settings.masteryScore ? 'passed' : 'failed';
    if (status !== reported) out[key] = status;
    return out;
  }
  const measure = decimalOf(cmi.progress_measure);
  if (settings.completionThreshold !== null && measure !== null) out.completion_status = measure >= settings.completionThreshold ? 'completed' : 'incomplete';
  if (settings.scaledPassingScore !== null) {
    const scaled = decimalOf(cmi.score_scaled);
    out.success_status = scaled === null ? 'unknown' : scaled >= settings.scaledPassingScore ? 'passed' : 'failed';
  }
  return out;
}

/** The caps on what a commit keeps of cmi.interactions and cmi.objectives (the rest is left out, with a reason). */
export const INTERACTIONS_MAX = 500;
export const OBJECTIVES_MAX = 100;
const FIELD_MAX = 4000;
const INTERACTION_FIELDS = ['id', 'type', 'learner_response', 'result', 'latency', 'timestamp', 'weighting', 'description'] as const;
const OBJECTIVE_FIELDS = ['id', 'score_raw', 'score_min', 'score_max', 'score_scaled', 'success_status', 'completion_status', 'progress_measure', 'description'] as const;

/** A list of records reduced to the known fields, each text capped; null when it is not a list of objects. */
function records(value: unknown, fields: readonly string[], max: number): { kept: Record<string, string>[]; cut: boolean } | null {
  if (!Array.isArray(value)) return null;
  const kept: Record<string, string>[] = [];
  for (const entry of value.slice(0, max)) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return null;
    const record: Record<string, string> = {};
    for (const field of fields) {
      const raw = (entry as Record<string, unknown>)[field];
      if (raw === undefined || raw === null || raw === '') continue;
      if (typeof raw !== 'string' && typeof raw !== 'number') return null;
      record[field] = String(raw).slice(0, FIELD_MAX);
    }
    kept.push(record);
  }
  return { kept, cut: value.length > max };
}

/** What a commit reports, read from the runtime's cmi_data (flat, as the spec's client sends it). */
export interface CmiReport {
  completionStatus: string | null;
  successStatus: string | null;
  /** The raw score (the spec's `score` when no `score_raw` is sent). */
  score: number | null;
  /** The score's four figures, as the package set them (scorm-trace.ts). */
  scores: ScormScore;
  sessionSeconds: number | null;
  suspendData: string;
}

const text = (value: unknown, max = 64): string | null => (typeof value === 'string' && value.length <= max ? value : null);

/** Reads and checks cmi_data (1.2's lesson_status may come as lesson_status or completion_status). */
export function readCmi(version: '1.2' | '2004', cmi: Record<string, unknown>): CmiReport {
  const scores = readScore(cmi);
  return {
    completionStatus: version === '1.2' ? (text(cmi.lesson_status) ?? text(cmi.completion_status)) : text(cmi.completion_status),
    successStatus: text(cmi.success_status),
    score: scores.raw,
    scores,
    sessionSeconds: sessionSeconds(version, cmi.session_time),
    suspendData: checkSuspendData(version, cmi.suspend_data),
  };
}
