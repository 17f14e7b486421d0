/**
 * The one order of a course's steps (docs/learning-progress.md), the same for the player, the
 * server and the preview: chapters in their order, each followed by its sub-chapters in theirs
 * (C1, C1.1, C1.2, C2, C2.1…). A step opens when every step before it is validated. So a chapter
 * opens once the previous chapter and all its sub-chapters are validated (the spec's "a chapter
 * also needs all its own sub-chapters validated"), and a chapter's own content comes before its
 * sub-chapters, as the player shows it.
 */
import type { StepKind } from '../contracts/learning-progress.events.js';

export type { StepKind };

export interface OutlineChapter {
  id: number;
  subchapters: readonly { id: number }[];
}

export interface Step {
  kind: StepKind;
  id: number;
  /** The chapter a sub-chapter belongs to (its own id for a chapter). */
  chapterId: number;
}

export const stepKey = (step: Pick<Step, 'kind' | 'id'>): string => `${step.kind}:${step.id}`;

/** The steps of a course outline (chapters and sub-chapters already in their order), in playing order. */
export function orderSteps(chapters: readonly OutlineChapter[]): Step[] {
  return chapters.flatMap((chapter) => [
    { kind: 'chapter' as const, id: chapter.id, chapterId: chapter.id },
    ...chapter.subchapters.map((sub) => ({ kind: 'subchapter' as const, id: sub.id, chapterId: chapter.id })),
  ]);
}

/** Where a step stands in the order: -1 when the course has no such step. */
export function indexOfStep(steps: readonly Step[], step: Pick<Step, 'kind' | 'id'>): number {
  return steps.findIndex((s) => s.kind === step.kind && s.id === step.id);
}

/** Whether the step may be played: every earlier step is validated. */
export function isOpen(steps: readonly Step[], validated: ReadonlySet<string>, step: Pick<Step, 'kind' | 'id'>): boolean {
  const index = indexOfStep(steps, step);
  return index >= 0 && steps.slice(0, index).every((s) => validated.has(stepKey(s)));
}

/** Where the player starts: the first step not validated, else the last (null for an empty course). */
export function startingStep(steps: readonly Step[], validated: ReadonlySet<string>): Step | null {
  return steps.find((s) => !validated.has(stepKey(s))) ?? steps.at(-1) ?? null;
}

/** The course's completion: validated steps over all chapters plus sub-chapters, rounded (0 for an empty course). */
export function completionPercentage(steps: readonly Step[], validated: ReadonlySet<string>): number {
  if (steps.length === 0) return 0;
  return Math.round((100 * steps.filter((s) => validated.has(stepKey(s))).length) / steps.length);
}
