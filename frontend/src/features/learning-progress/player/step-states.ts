/**
 * Sequential access in the player (01 §4, docs/learning-progress.md): one order of steps, each
 * chapter before its sub-chapters; a step opens when every step before it is validated. The
 * server applies the same rule and refuses a locked step; these pure functions draw it.
 */
import { stepKey, type StepRef } from '../../../components/content-step';

export type StepState = 'validated' | 'open' | 'locked';

/** Each step's state, by stepKey: validated, open (every earlier step validated) or locked. */
export function stepStates(sequence: readonly StepRef[], validated: ReadonlySet<string>): Map<string, StepState> {
  const states = new Map<string, StepState>();
  let open = true;
  for (const step of sequence) {
    const key = stepKey(step);
    const done = validated.has(key);
    states.set(key, done && open ? 'validated' : open ? 'open' : 'locked');
    // A step validated after a locked one (a course reordered since) does not reopen the rest.
    open = open && done;
  }
  return states;
}

/** Where the player starts: the first step not validated, else the last (01 §4). */
export function startingStep(sequence: readonly StepRef[], validated: ReadonlySet<string>): StepRef | null {
  return sequence.find((step) => !validated.has(stepKey(step))) ?? sequence.at(-1) ?? null;
}

/** Validated steps over all chapters plus sub-chapters, rounded (01 §9). */
export function completionPercent(sequence: readonly StepRef[], validated: ReadonlySet<string>): number {
  if (sequence.length === 0) return 0;
  return Math.round((sequence.filter((step) => validated.has(stepKey(step))).length / sequence.length) * 100);
}

/** What the footer's forward button does on `current`. */
export type ForwardAction =
  /** Another step follows and this one is validated: go. */
  | 'next'
  /** This step is not validated yet: 'Étape non validée'. */
  | 'not-validated'
  /** The last step, everything validated: 'Terminer le cours'. */
  | 'finish-course'
  /** Already completed: 'Cours terminé', nothing to do. */
  | 'finished';

export function forwardAction(sequence: readonly StepRef[], current: StepRef, validated: ReadonlySet<string>, courseCompleted: boolean): ForwardAction {
  const last = stepKey(sequence.at(-1)!) === stepKey(current);
  if (last && courseCompleted) return 'finished';
  if (!validated.has(stepKey(current))) return 'not-validated';
  if (!last) return 'next';
  return sequence.every((step) => validated.has(stepKey(step))) ? 'finish-course' : 'not-validated';
}
