/**
 * The hours a document states (docs/adr/0035): realised hours, completion rate and hours not
 * completed, from per-step figures, on one of two bases the centre chooses.
 * - `temps_actif_mesure`: the active time learning-progress measured on the course's steps
 *   (method v1, docs/learning-progress.md), whether or not the step was validated.
 * - `durees_declarees`: the sum of the durations the trainer declared (D.6313-3-1 2°) for the steps
 *   the learner validated; a validated step with no declared duration counts for nothing and is named.
 * Precision: the minute, rounded down (a document never states more than was measured or declared);
 * the rate in per mille rounded down (never 100 % before it is reached). The planned duration is the
 * course's (`planned_minutes`), else the sum of every step's declared duration, else unknown (then
 * no rate and no hours not completed can be stated, and the document says so).
 */
export const HOURS_BASES = ['temps_actif_mesure', 'durees_declarees'] as const;
export type HoursBasis = (typeof HOURS_BASES)[number];

/** Why a completion is partial (the CPF's « service fait » asks which). */
export const PARTIAL_REASONS = ['abandon', 'absence', 'interruption', 'force_majeure'] as const;
export type PartialReason = (typeof PARTIAL_REASONS)[number];

export interface StepFigures {
  kind: 'chapter' | 'subchapter';
  step_id: number;
  /** Declared average duration in minutes, null when the trainer declared none. */
  declared_minutes: number | null;
  /** Active seconds measured on the step (method v1), 0 when never opened. */
  active_seconds: number;
  validated: boolean;
}

export interface RealisedHours {
  basis: HoursBasis;
  /** The time measurement's method when the basis is measured time (`v1`), else null. */
  method: string | null;
  realised_minutes: number;
  planned_minutes: number | null;
  /** Completion in per mille (0–1000), null when the planned duration is unknown. */
  completion_per_mille: number | null;
  /** planned − realised, never negative; null when the planned duration is unknown. */
  not_completed_minutes: number | null;
  /** Whether the completion is partial (rate under 100 %). */
  partial: boolean;
  /** Validated steps whose duration was not declared (basis `durees_declarees`): counted as 0. */
  undeclared_validated_steps: number;
}

export function realisedHours(basis: HoursBasis, steps: readonly StepFigures[], plannedMinutes: number | null, method = 'v1'): RealisedHours {
  for (const step of steps) {
    if (step.declared_minutes !== null && (!Number.isInteger(step.declared_minutes) || step.declared_minutes < 0)) throw new RangeError(`declared_minutes ${step.declared_minutes}`);
    if (!Number.isFinite(step.active_seconds) || step.active_seconds < 0) throw new RangeError(`active_seconds ${step.active_seconds}`);
  }
  const validated = steps.filter((step) => step.validated);
  const realised =
    basis === 'temps_actif_mesure'
      ? Math.floor(steps.reduce((sum, step) => sum + step.active_seconds, 0) / 60)
      : validated.reduce((sum, step) => sum + (step.declared_minutes ?? 0), 0);
  const declared = steps.filter((step) => step.declared_minutes !== null);
  const planned = plannedMinutes ?? (declared.length > 0 ? declared.reduce((sum, step) => sum + step.declared_minutes!, 0) : null);
  const usable = planned !== null && planned > 0 ? planned : null;
  const perMille = usable === null ? null : Math.min(1000, Math.floor((realised * 1000) / usable));
  return {
    basis,
    method: basis === 'temps_actif_mesure' ? method : null,
    realised_minutes: realised,
    planned_minutes: usable,
    completion_per_mille: perMille,
    not_completed_minutes: usable === null ? null : Math.max(0, usable - realised),
    partial: perMille !== null && perMille < 1000,
    undeclared_validated_steps: basis === 'durees_declarees' ? validated.filter((step) => step.declared_minutes === null).length : 0,
  };
}

/** « 12,5 heures » style for the certificate: hours with up to two decimals, French comma. */
export function hoursText(minutes: number): string {
  const hours = Math.floor((minutes * 100) / 60) / 100;
  const text = hours.toFixed(2).replace(/\.?0+$/, '').replace('.', ',');
  return `${text} ${hours >= 2 ? 'heures' : 'heure'}`;
}

/** « 12 h 30 min » beside it, exact to the minute. */
export function hoursAndMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')} min`;
}

/** « 87,5 % » from per mille. */
export function rateText(perMille: number): string {
  return `${(perMille / 10).toFixed(1).replace(/\.0$/, '').replace('.', ',')} %`;
}
