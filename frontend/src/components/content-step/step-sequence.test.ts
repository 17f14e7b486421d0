import { describe, expect, it } from 'vitest';
import { clickChapter, flattenSteps, goToStep, initialSelection, neighbours, stepKey, type OutlineChapter } from './step-sequence';

const chapters: OutlineChapter[] = [
  { id: 10, title: 'Introduction', subchapters: [{ id: 101, title: 'Objectifs' }, { id: 102, title: 'Plan' }] },
  { id: 20, title: 'Formules', subchapters: [] },
  { id: 30, title: 'Graphiques', subchapters: [{ id: 301, title: 'Courbes' }] },
];

describe('flattenSteps', () => {
  it('puts each chapter before its sub-chapters, numbered 1, 1.1, 1.2, 2…', () => {
    expect(flattenSteps(chapters).map((step) => `${step.number} ${stepKey(step)}`)).toEqual([
      '1 chapter-10',
      '1.1 subchapter-101',
      '1.2 subchapter-102',
      '2 chapter-20',
      '3 chapter-30',
      '3.1 subchapter-301',
    ]);
  });

  it('gives every sub-chapter its chapter', () => {
    expect(flattenSteps(chapters).filter((s) => s.kind === 'subchapter').map((s) => s.chapterId)).toEqual([10, 10, 30]);
  });
});

describe('Previous and Next', () => {
  const sequence = flattenSteps(chapters);

  it('move through the flattened sequence, from a chapter into its sub-chapters and on to the next chapter', () => {
    expect(neighbours(sequence, sequence[2]!)).toEqual({ previous: sequence[1], next: sequence[3] });
    expect(neighbours(sequence, sequence[3]!).next?.title).toBe('Graphiques');
  });

  it('stop at both ends', () => {
    expect(neighbours(sequence, sequence[0]!).previous).toBeNull();
    expect(neighbours(sequence, sequence.at(-1)!).next).toBeNull();
  });

  it('have nowhere to go in an empty course', () => {
    expect(neighbours([], null)).toEqual({ previous: null, next: null });
    expect(initialSelection([])).toEqual({ selected: null, expandedChapterId: null });
  });
});

describe('the sidebar', () => {
  const sequence = flattenSteps(chapters);
  const [intro, , , formulas, charts] = sequence;

  it('selects and opens the first chapter on load', () => {
    expect(initialSelection(sequence)).toEqual({ selected: intro, expandedChapterId: 10 });
  });

  it('opens only the sub-chapters of the chapter clicked', () => {
    const state = clickChapter(initialSelection(sequence), charts!);
    expect(state).toEqual({ selected: charts, expandedChapterId: 30 });
  });

  it('closes the open chapter when it is clicked again, keeping it selected', () => {
    const once = clickChapter(initialSelection(sequence), formulas!);
    expect(clickChapter(once, formulas!)).toEqual({ selected: formulas, expandedChapterId: null });
    expect(clickChapter(clickChapter(once, formulas!), formulas!).expandedChapterId).toBe(20);
  });

  it("opens a sub-chapter's chapter when Previous or Next lands on it", () => {
    const closed = clickChapter(initialSelection(sequence), intro!);
    expect(goToStep(closed, sequence[1]!)).toEqual({ selected: sequence[1], expandedChapterId: 10 });
  });
});
