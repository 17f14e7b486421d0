import type { ScormCommitted } from '../../../learning-progress/contracts/learning-progress.events.js';

/**
 * How a SCORM commit becomes an xAPI statement (ADR 0027, docs/xapi.md "The player's statements").
 * Versioned: every statement of mapping 2 names its version in `context.extensions`. Mapping 1
 * (issue 12: a passed/failed statement on every commit with a success status, the player's one
 * score figure read as a percentage) is no longer applied: the statements it stored are voided
 * and reissued by `npm run xapi:remap-scorm`, from the commits restated by learning progress.
 */
export const SCORM_MAPPING_EXTENSION = 'https://lms-formation.fr/xapi/extensions/scorm-mapping';
export const SCORM_MAPPING_VERSION = 2;

type Payload = ScormCommitted['payload'];
type Obj = Record<string, unknown>;
export type ScormVerb = 'passed' | 'failed' | 'completed';

/** What a commit says in xAPI terms: the verb and the result, or null when it says nothing new. */
export interface ScormOutcome {
  verb: ScormVerb;
  result: Obj;
}

const success = (value: string | null | undefined): 'passed' | 'failed' | null => (value === 'passed' || value === 'failed' ? value : null);

/** The score as the package set it, each figure only when set, and only what xAPI accepts (the server refused the rest). */
export function xapiScore(p: { score: number | null; scoreMin?: number | null; scoreMax?: number | null; scoreScaled?: number | null }): Obj | null {
  const score: Obj = {};
  const { score: raw, scoreMin: min = null, scoreMax: max = null, scoreScaled: scaled = null } = p;
  if (scaled !== null && scaled >= -1 && scaled <= 1) score.scaled = scaled;
  const bounds = min === null || max === null || min <= max;
  if (bounds && min !== null) score.min = min;
  if (bounds && max !== null) score.max = max;
  if (raw !== null && (score.min === undefined || raw >= min!) && (score.max === undefined || raw <= max!)) score.raw = raw;
  return Object.keys(score).length > 0 ? score : null;
}

/**
 * Mapping 2: one statement when the SCO's standing changed from the one stored before the commit
 * (the server's comparison, carried by the event): `passed` or `failed` when the success status
 * became it, else `completed` when the completion status became completed. One commit gives at
 * most one statement (a 1.2 `passed`, or a 2004 completed + passed together, is one `passed`
 * with `completion: true`). No change, no statement; a change to incomplete, unknown, not
 * attempted or browsed has no verb of its own (it ends nothing), and the next completed or
 * passed is a new statement. The result carries success and completion as they stand, and the
 * score in its four figures as the package set them.
 */
export function scormOutcomeV2(p: Payload): ScormOutcome | null {
  const now = success(p.successStatus);
  const before = success(p.previous?.successStatus);
  const completed = p.completionStatus === 'completed';
  const completedBefore = p.previous?.completionStatus === 'completed';
  const verb: ScormVerb | null = now && now !== before ? now : completed && !completedBefore ? 'completed' : null;
  if (!verb) return null;
  const result: Obj = {};
  if (now) result.success = now === 'passed';
  if (completed) result.completion = true;
  else if (p.completionStatus === 'incomplete') result.completion = false;
  const score = xapiScore(p);
  if (score) result.score = score;
  return { verb, result };
}
