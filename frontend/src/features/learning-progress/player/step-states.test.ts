import { describe, expect, it } from 'vitest';
import { flattenSteps, stepKey, type OutlineChapter } from '../../../components/content-step';
import { completionPercent, forwardAction, startingStep, stepStates } from './step-states';

// C1 (C1.1, C1.2), C2, C3 (C3.1): the order the server and the preview use too.
const chapters: OutlineChapter[] = [
  { id: 1, title: 'Lire', subchapters: [{ id: 11, title: 'Lire encore' }, { id: 12, title: 'Relire' }] },
  { id: 2, title: 'Regarder', subchapters: [] },
  { id: 3, title: 'Vérifier', subchapters: [{ id: 31, title: 'Module' }] },
];
const sequence = flattenSteps(chapters);
const keys = (...list: string[]) => new Set(list);

describe('stepStates', () => {
  it('opens only the first step of a course nothing of which is validated', () => {
    expect([...stepStates(sequence, keys()).values()]).toEqual(['open', 'locked', 'locked', 'locked', 'locked', 'locked']);
  });

  it('opens a step once every earlier one is validated: a chapter waits for the sub-chapters of the one before', () => {
    const states = stepStates(sequence, keys('chapter-1', 'subchapter-11'));
    expect(states.get('subchapter-12')).toBe('open');
    expect(states.get('chapter-2')).toBe('locked');
    expect(stepStates(sequence, keys('chapter-1', 'subchapter-11', 'subchapter-12')).get('chapter-2')).toBe('open');
  });

  it('keeps a step validated out of order locked behind an unvalidated one', () => {
    const states = stepStates(sequence, keys('chapter-1', 'chapter-2'));
    expect(states.get('subchapter-11')).toBe('open');
    expect(states.get('chapter-2')).toBe('locked');
  });
});

describe('the starting step and the completion', () => {
  it('starts on the first step not validated, else the last', () => {
    expect(stepKey(startingStep(sequence, keys())!)).toBe('chapter-1');
    expect(stepKey(startingStep(sequence, keys('chapter-1', 'subchapter-11'))!)).toBe('subchapter-12');
    expect(stepKey(startingStep(sequence, new Set(sequence.map(stepKey)))!)).toBe('subchapter-31');
    expect(startingStep([], keys())).toBeNull();
  });

  it('counts validated chapters and sub-chapters over all of them, rounded', () => {
    expect(completionPercent(sequence, keys())).toBe(0);
    expect(completionPercent(sequence, keys('chapter-1'))).toBe(17);
    expect(completionPercent(sequence, keys('chapter-1', 'subchapter-11', 'subchapter-12', 'chapter-2'))).toBe(67);
    expect(completionPercent(sequence, new Set(sequence.map(stepKey)))).toBe(100);
  });
});

describe('the forward button', () => {
  const all = new Set(sequence.map(stepKey));
  const last = sequence.at(-1)!;

  it("goes on from a validated step and refuses an unvalidated one ('Étape non validée')", () => {
    expect(forwardAction(sequence, sequence[0]!, keys('chapter-1'), false)).toBe('next');
    expect(forwardAction(sequence, sequence[0]!, keys(), false)).toBe('not-validated');
  });

  it("becomes 'Terminer le cours' on the last step with everything validated, then 'Cours terminé'", () => {
    expect(forwardAction(sequence, last, all, false)).toBe('finish-course');
    expect(forwardAction(sequence, last, new Set([...all].filter((key) => key !== stepKey(last))), false)).toBe('not-validated');
    expect(forwardAction(sequence, last, all, true)).toBe('finished');
  });
});
