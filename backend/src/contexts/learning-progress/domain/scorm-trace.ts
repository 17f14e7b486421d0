import { InvalidInputError } from '../../../shared-kernel/index.js';

/**
 * What a SCORM commit says about a SCO's result, as the server reads it for the trace (ADR 0027):
 * the score in its four figures, each checked, and the SCO's standing (completion and success),
 * SCORM 1.2's one `lesson_status` mapped onto both as the RTE defines it.
 */

/** The score as the package set it: raw, min, max and scaled, each null when not set. */
export interface ScormScore {
  raw: number | null;
  min: number | null;
  max: number | null;
  scaled: number | null;
}

/** The fields of cmi_data that carry the score (`score`, the spec's one figure, read as the raw score). */
export const SCORE_FIELDS = ['score', 'score_raw', 'score_min', 'score_max', 'score_scaled'] as const;

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A figure of the score: null when not set (absent, null, ''), a number, or 'invalid'. */
function figure(value: unknown): number | null | 'invalid' {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'invalid';
  if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
  return 'invalid';
}

/**
 * Reads and checks the score of cmi_data: each figure a number; scaled within [-1, 1]; min not
 * above max; raw within [min, max] for the bounds given. `score` alone (the spec's client, without
 * `score_raw`) is the raw score. Throws InvalidInputError, in French, on the first figure that breaks a rule.
 */
export function checkScore(cmi: Record<string, unknown>): ScormScore {
  const read = (field: (typeof SCORE_FIELDS)[number]) => {
    const value = figure(cmi[field]);
    if (value === 'invalid') throw new InvalidInputError(`${field} doit être un nombre.`, field);
    return value;
  };
  const legacy = read('score');
  // `score` is the raw score only for a client that sends no `score_raw` (before issue 23, the player's `score` was 2004's scaled one).
  const score: ScormScore = { raw: 'score_raw' in cmi ? read('score_raw') : legacy, min: read('score_min'), max: read('score_max'), scaled: read('score_scaled') };
  const { raw, min, max, scaled } = score;
  if (scaled !== null && (scaled < -1 || scaled > 1)) throw new InvalidInputError(`score_scaled doit être compris entre -1 et 1 (${scaled} reçu).`, 'score_scaled');
  if (min !== null && max !== null && min > max) throw new InvalidInputError(`score_min (${min}) ne doit pas dépasser score_max (${max}).`, 'score_min');
  if (raw !== null && ((min !== null && raw < min) || (max !== null && raw > max))) {
    const bounds = min !== null && max !== null ? `entre ${min} et ${max}` : min !== null ? `au moins ${min}` : `au plus ${max}`;
    throw new InvalidInputError(`Le score brut (${raw}) doit être ${bounds}, les bornes que le module a données.`, 'score_raw');
  }
  return score;
}

/** The score of a commit already accepted (its score checked): every figure null when none was set, or unreadable. */
export function readScore(cmi: Record<string, unknown>): ScormScore {
  try {
    return checkScore(cmi);
  } catch {
    return { raw: null, min: null, max: null, scaled: null };
  }
}

/**
 * A commit whose score breaks a rule keeps the rest (statuses, location, time, suspend_data): its
 * score fields are left out, each named with the reason, and the SCO keeps its stored score.
 */
export function refuseBadScore(cmi: Record<string, unknown>): { cmi: Record<string, unknown>; refused: Record<string, string> } {
  try {
    checkScore(cmi);
    return { cmi, refused: {} };
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const kept = { ...cmi };
    const refused: Record<string, string> = {};
    for (const field of SCORE_FIELDS) {
      if (!(field in cmi)) continue;
      delete kept[field];
      refused[field] = error.message;
    }
    return { cmi: kept, refused };
  }
}

/** Where a SCO stands: its completion status and its success status (null when it says none). */
export interface ScoStanding {
  completionStatus: string | null;
  successStatus: string | null;
}

/**
 * SCORM 1.2's `lesson_status` on the two axes of 2004 (RTE 1.2, 3.4.4; the SCORM 2004 mapping):
 * passed and failed are a completed SCO with a success status; completed, incomplete, browsed
 * and not attempted are completion statuses without one. 2004 reports both itself. Reads the
 * statuses as `readCmi` gives them (1.2's `lesson_status` as its completion status).
 */
export function scoStanding(version: '1.2' | '2004', reported: ScoStanding): ScoStanding {
  if (version === '2004') return { completionStatus: reported.completionStatus, successStatus: reported.successStatus };
  const lesson = reported.completionStatus;
  if (lesson === 'passed' || lesson === 'failed') return { completionStatus: 'completed', successStatus: lesson };
  return { completionStatus: lesson, successStatus: null };
}
