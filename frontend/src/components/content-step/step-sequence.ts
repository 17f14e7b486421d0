/**
 * The order in which a course's steps are read: each chapter, then its sub-chapters, then the
 * next chapter (01 §4, 03 §4). Pure functions, shared by the preview and the course player.
 */

export interface OutlineStep {
  id: number;
  title: string;
}

export interface OutlineChapter extends OutlineStep {
  subchapters: readonly OutlineStep[];
}

export interface StepRef {
  kind: 'chapter' | 'subchapter';
  id: number;
  /** The chapter itself, or the chapter a sub-chapter belongs to. */
  chapterId: number;
  /** "2" for the second chapter, "2.1" for its first sub-chapter. */
  number: string;
  title: string;
}

export const stepKey = (step: Pick<StepRef, 'kind' | 'id'>) => `${step.kind}-${step.id}`;

/** Chapters and sub-chapters in reading order; both lists are taken as already sorted. */
export function flattenSteps(chapters: readonly OutlineChapter[]): StepRef[] {
  return chapters.flatMap((chapter, index) => [
    { kind: 'chapter' as const, id: chapter.id, chapterId: chapter.id, number: `${index + 1}`, title: chapter.title },
    ...chapter.subchapters.map((sub, subIndex) => ({
      kind: 'subchapter' as const,
      id: sub.id,
      chapterId: chapter.id,
      number: `${index + 1}.${subIndex + 1}`,
      title: sub.title,
    })),
  ]);
}

/** The steps before and after `current` (null at both ends, and for a step not in the sequence). */
export function neighbours(sequence: readonly StepRef[], current: StepRef | null): { previous: StepRef | null; next: StepRef | null } {
  const index = current ? sequence.findIndex((step) => stepKey(step) === stepKey(current)) : -1;
  if (index < 0) return { previous: null, next: null };
  return { previous: sequence[index - 1] ?? null, next: sequence[index + 1] ?? null };
}

/** What the sidebar shows: the selected step and the one chapter whose sub-chapters are open. */
export interface OutlineSelection {
  selected: StepRef | null;
  expandedChapterId: number | null;
}

/** On load: the first chapter, selected and open. */
export function initialSelection(sequence: readonly StepRef[]): OutlineSelection {
  const first = sequence[0] ?? null;
  return { selected: first, expandedChapterId: first?.chapterId ?? null };
}

/**
 * A click on a chapter selects it and opens its sub-chapters alone; a click on the chapter that
 * is open closes it (it stays selected).
 */
export function clickChapter(state: OutlineSelection, chapter: StepRef): OutlineSelection {
  const open = state.expandedChapterId === chapter.chapterId;
  return { selected: chapter, expandedChapterId: open ? null : chapter.chapterId };
}

/** Going to a step (a sub-chapter's click, Previous, Next) opens its chapter. */
export function goToStep(_state: OutlineSelection, step: StepRef): OutlineSelection {
  return { selected: step, expandedChapterId: step.chapterId };
}
