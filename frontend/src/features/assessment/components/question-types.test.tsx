import { describe, expect, it } from 'vitest';
import { optionsOf } from '../screens/take-quiz-page';
import { trimmed } from './question-form';
import { quizBody, servingOf } from './quiz-form';

// ADR 0045 on the client: what the question form sends by type, what the quiz form sends for the
// draw and the shuffle, and the options the player shows in the server's order.
describe('the question form by type', () => {
  const base = { questions: ' Lesquels ? ', ans1: ' Excel ', ans2: 'Word', ans3: 'Calc', ans4: 'PowerPoint', right_ans: 'Word', explanation: ' ' };

  it('sends four answers and the right one for a single answer, as the spec’s form did', () => {
    expect(trimmed({ ...base, kind: 'single' })).toEqual({ kind: 'single', questions: 'Lesquels ?', ans1: 'Excel', ans2: 'Word', ans3: 'Calc', ans4: 'PowerPoint', right_ans: 'Word', explanation: '' });
  });

  it('sends the right ones by number, sorted, for several right answers', () => {
    expect(trimmed({ ...base, kind: 'multiple', right_answers: [3, 1] })).toMatchObject({ kind: 'multiple', right_ans: '', right_answers: [1, 3], ans1: 'Excel' });
  });

  it('sends only « Vrai » or « Faux » for true/false', () => {
    expect(trimmed({ ...base, kind: 'true-false', right_ans: 'Faux' })).toEqual({ kind: 'true-false', questions: 'Lesquels ?', ans1: '', ans2: '', ans3: '', ans4: '', right_ans: 'Faux', explanation: '' });
  });
});

describe('the quiz form’s serving settings', () => {
  it('sends the draw and the shuffle from the trainer’s form, and clears the draw for the quiz’s own questions', () => {
    expect(quizBody({ title: ' Q ', detail: '', source: 'bank', draw_category: 'Excel', draw_count: 5, shuffle: true }, 3)).toMatchObject({
      title: 'Q', teacher: 3, shuffle: true, draw_category: 'Excel', draw_count: 5,
    });
    expect(quizBody({ title: 'Q', detail: '', source: 'quiz', draw_category: 'Excel', draw_count: 5, shuffle: false }, 3)).toMatchObject({ shuffle: false, draw_category: null, draw_count: null });
  });

  it('keeps them as they are from a form that does not show them (the admin’s dialog)', () => {
    const body = quizBody({ title: 'Q', detail: '' }, undefined);
    expect(body).not.toHaveProperty('shuffle');
    expect(body).not.toHaveProperty('draw_category');
  });

  it('reads a quiz’s settings back', () => {
    expect(servingOf({ shuffle: true, draw_category: 'Excel', draw_count: 4 })).toEqual({ shuffle: true, source: 'bank', draw_category: 'Excel', draw_count: 4 });
    expect(servingOf({ shuffle: false, draw_category: null, draw_count: null })).toMatchObject({ source: 'quiz' });
  });
});

describe('the player’s options', () => {
  const question = { id: 1, quiz: 2, questions: 'Q', ans1: 'Calc', ans2: 'Excel', ans3: '', ans4: '', number: 1, total: 1, kind: 'single' as const };

  it('shows the server’s order when it gives one, and the spec’s four answers without blanks otherwise', () => {
    expect(optionsOf({ ...question, options: [{ id: 3, text: 'Calc' }, { id: 1, text: 'Excel' }] })).toEqual([{ id: 3, text: 'Calc' }, { id: 1, text: 'Excel' }]);
    expect(optionsOf({ ...question, options: [] })).toEqual([{ id: 1, text: 'Calc' }, { id: 2, text: 'Excel' }]);
  });
});
