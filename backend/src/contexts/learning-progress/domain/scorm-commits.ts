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
  try {
    checkSuspendData(version, scored.cmi.suspend_data);
    return scored;
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const kept = { ...scored.cmi };
    delete kept.suspend_data;
    return { cmi: kept, refused: { ...scored.refused, suspend_data: error.message } };
  }
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
    completionStatus: text(cmi.completion_status) ?? (version === '1.2' ? text(cmi.lesson_status) : null),
    successStatus: text(cmi.success_status),
    score: scores.raw,
    scores,
    sessionSeconds: sessionSeconds(version, cmi.session_time),
    suspendData: checkSuspendData(version, cmi.suspend_data),
  };
}
