import { InvalidInputError } from '../../../shared-kernel/index.js';
import { checkScore, readScore, refuseBadScore, scoStanding } from './scorm-trace.js';

describe('the score of a SCORM commit (ADR 0027)', () => {
  it('reads each figure on its own, as a number or a numeric text, null when not set', () => {
    expect(checkScore({ score_raw: 100, score_min: '0', score_max: '100', score_scaled: '1' })).toEqual({ raw: 100, min: 0, max: 100, scaled: 1 });
    expect(checkScore({ score_raw: '', score_min: null })).toEqual({ raw: null, min: null, max: null, scaled: null });
    expect(checkScore({ score_scaled: '-0.5' })).toEqual({ raw: null, min: null, max: null, scaled: -0.5 });
  });

  it("reads the spec's one `score` as the raw score, only when score_raw is not sent (the old player's `score` was 2004's scaled figure)", () => {
    expect(checkScore({ score: 85 }).raw).toBe(85);
    expect(checkScore({ score: 1, score_raw: '100', score_scaled: '1' })).toEqual({ raw: 100, min: null, max: null, scaled: 1 });
    expect(checkScore({ score: 0.4, score_raw: '', score_scaled: '0.4' }).raw).toBeNull();
  });

  it('refuses, in French, a figure that is not a number, a scaled score outside [-1, 1], min above max, raw outside the bounds given', () => {
    const refusal = (cmi: Record<string, unknown>) => {
      try {
        checkScore(cmi);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidInputError);
        return (error as Error).message;
      }
    };
    expect(refusal({ score_raw: 'beaucoup' })).toBe('score_raw doit être un nombre.');
    expect(refusal({ score_max: Number.NaN })).toBe('score_max doit être un nombre.');
    expect(refusal({ score_scaled: 1.01 })).toBe('score_scaled doit être compris entre -1 et 1 (1.01 reçu).');
    expect(refusal({ score_min: 10, score_max: 5 })).toBe('score_min (10) ne doit pas dépasser score_max (5).');
    expect(refusal({ score_raw: 120, score_min: 0, score_max: 100 })).toBe('Le score brut (120) doit être entre 0 et 100, les bornes que le module a données.');
    expect(refusal({ score_raw: -1, score_min: 0 })).toBe('Le score brut (-1) doit être au moins 0, les bornes que le module a données.');
    expect(refusal({ score_raw: 101, score_max: 100 })).toBe('Le score brut (101) doit être au plus 100, les bornes que le module a données.');
    expect(refusal({ score_raw: 100, score_min: 100, score_max: 100, score_scaled: -1 })).toBeNull();
  });

  it('leaves out every score field of a commit whose score breaks a rule, and nothing else; reads an unreadable stored score as none', () => {
    expect(refuseBadScore({ lesson_status: 'passed', score: 5, score_raw: 120, score_max: 100 })).toEqual({
      cmi: { lesson_status: 'passed' },
      refused: { score: expect.any(String), score_raw: expect.any(String), score_max: expect.any(String) },
    });
    const fine = { completion_status: 'completed', score_raw: 3 };
    expect(refuseBadScore(fine)).toEqual({ cmi: fine, refused: {} });
    expect(readScore({ score_raw: 'x' })).toEqual({ raw: null, min: null, max: null, scaled: null });
  });
});

describe("a SCO's standing", () => {
  it("puts SCORM 1.2's lesson_status on both axes: passed and failed are completed with that success status", () => {
    const of12 = (lesson: string | null) => scoStanding('1.2', { completionStatus: lesson, successStatus: null });
    expect(of12('passed')).toEqual({ completionStatus: 'completed', successStatus: 'passed' });
    expect(of12('failed')).toEqual({ completionStatus: 'completed', successStatus: 'failed' });
    for (const lesson of ['completed', 'incomplete', 'browsed', 'not attempted', null]) expect(of12(lesson)).toEqual({ completionStatus: lesson, successStatus: null });
    expect(scoStanding('2004', { completionStatus: 'incomplete', successStatus: 'passed' })).toEqual({ completionStatus: 'incomplete', successStatus: 'passed' });
  });
});
