/**
 * EDOF's « service fait » figures of a learner in a session (issue 29 item 2, docs/adr/0050), on the
 * same rules as the documents' hours (evidence, docs/adr/0035): the time the server measured (active
 * time, method v1) in minutes rounded down, the rate in per mille rounded down and capped at 1000
 * (never 100 % before it is reached), the hours not completed never negative; with no planned
 * duration known, no rate and no hours not completed.
 */
export interface ServiceFaitFigures {
  planned_minutes: number | null;
  realised_minutes: number;
  not_completed_minutes: number | null;
  completion_per_mille: number | null;
}

export function serviceFaitFigures(plannedMinutes: number | null, activeSeconds: number): ServiceFaitFigures {
  const realised = Math.floor(Math.max(0, activeSeconds) / 60);
  const planned = plannedMinutes !== null && plannedMinutes > 0 ? plannedMinutes : null;
  return {
    planned_minutes: planned,
    realised_minutes: realised,
    not_completed_minutes: planned === null ? null : Math.max(0, planned - realised),
    completion_per_mille: planned === null ? null : Math.min(1000, Math.floor((realised * 1000) / planned)),
  };
}

/** Minutes as hours with two decimals, rounded down (a figure never states more than was measured). */
export function hoursOf(minutes: number): number {
  return Math.floor((minutes * 100) / 60) / 100;
}
