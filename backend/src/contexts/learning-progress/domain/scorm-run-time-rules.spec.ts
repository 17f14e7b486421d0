import { acceptCmi, applyRunTimeRules, endsAttempt, INTERACTIONS_MAX, NO_SETTINGS, type ScoSettings } from './scorm-commits.js';
import { judgeScorm, scoStatuses } from './validation-rules.js';

const mastery = (score: number): ScoSettings => ({ ...NO_SETTINGS, masteryScore: score });

describe('SCORM 1.2 run-time rules (RTE 3.4.4)', () => {
  it('a status still « not attempted » (or none) becomes « completed » when the SCO ends, not before', () => {
    expect(applyRunTimeRules('1.2', { lesson_status: 'not attempted' }, NO_SETTINGS, false)).toEqual({ lesson_status: 'not attempted' });
    expect(applyRunTimeRules('1.2', { lesson_status: 'not attempted' }, NO_SETTINGS, true)).toEqual({ lesson_status: 'completed' });
    expect(applyRunTimeRules('1.2', {}, NO_SETTINGS, true)).toEqual({ lesson_status: 'completed' });
    expect(applyRunTimeRules('1.2', { lesson_status: 'incomplete' }, NO_SETTINGS, true)).toEqual({ lesson_status: 'incomplete' });
    // An older client sending the 1.2 status as completion_status keeps its key.
    expect(applyRunTimeRules('1.2', { completion_status: 'not attempted' }, NO_SETTINGS, true)).toEqual({ completion_status: 'completed' });
  });

  it('with a mastery score and a raw score: passed or failed by comparison, on a finished status or at the end', () => {
    expect(applyRunTimeRules('1.2', { lesson_status: 'completed', score_raw: '80' }, mastery(80), false).lesson_status).toBe('passed');
    expect(applyRunTimeRules('1.2', { lesson_status: 'passed', score_raw: '79.5' }, mastery(80), false).lesson_status).toBe('failed');
    expect(applyRunTimeRules('1.2', { lesson_status: 'not attempted', score: 90 }, mastery(80), true).lesson_status).toBe('passed');
    expect(applyRunTimeRules('1.2', { lesson_status: 'incomplete', score_raw: '10' }, mastery(80), false).lesson_status).toBe('incomplete');
    expect(applyRunTimeRules('1.2', { lesson_status: 'completed', score_raw: '' }, mastery(80), true).lesson_status).toBe('completed');
    expect(applyRunTimeRules('1.2', { lesson_status: 'completed', score_raw: '10' }, NO_SETTINGS, true).lesson_status).toBe('completed');
  });
});

describe('SCORM 2004 thresholds (RTE 4.2.4.1, 4.2.22.1)', () => {
  const settings: ScoSettings = { masteryScore: null, completionThreshold: 0.8, scaledPassingScore: 0.6 };

  it('completion by progress_measure, success by score.scaled (unknown without one)', () => {
    expect(applyRunTimeRules('2004', { completion_status: 'completed', progress_measure: '0.5', success_status: 'passed', score_scaled: '0.4' }, settings, false)).toMatchObject({
      completion_status: 'incomplete',
      success_status: 'failed',
    });
    expect(applyRunTimeRules('2004', { completion_status: 'incomplete', progress_measure: '0.8', success_status: 'failed', score_scaled: '0.6' }, settings, false)).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
    });
    expect(applyRunTimeRules('2004', { completion_status: 'completed', success_status: 'passed' }, settings, false)).toMatchObject({ completion_status: 'completed', success_status: 'unknown' });
    expect(applyRunTimeRules('2004', { completion_status: 'completed', success_status: 'passed' }, NO_SETTINGS, true)).toEqual({ completion_status: 'completed', success_status: 'passed' });
  });
});

describe('what validates a SCORM step, chosen per chapter', () => {
  const completedFailed = [{ id: 'a', version: '2004' as const, completionStatus: 'completed', successStatus: 'failed' }];

  it('a 2004 « completed » + « failed » follows the choice', () => {
    expect(judgeScorm(completedFailed).validated).toBe(true);
    expect(judgeScorm(completedFailed, 'completed').validated).toBe(true);
    expect(judgeScorm(completedFailed, 'passed')).toEqual({ validated: false, reason: 'Le module n’est pas terminé : 1 partie sur 1 n’est pas encore réussie.' });
  });

  it('reads a 1.2 lesson_status as completion and success', () => {
    expect(scoStatuses('1.2', { lessonStatus: 'failed' })).toEqual({ completion: 'completed', success: 'failed' });
    expect(scoStatuses('1.2', { lessonStatus: 'passed' })).toEqual({ completion: 'completed', success: 'passed' });
    expect(scoStatuses('1.2', { lessonStatus: 'completed' })).toEqual({ completion: 'completed', success: null });
    expect(scoStatuses('1.2', { lessonStatus: 'browsed' })).toEqual({ completion: 'browsed', success: null });
    expect(judgeScorm([{ id: 'a', version: '1.2', lessonStatus: 'completed' }], 'passed').validated).toBe(false);
    expect(judgeScorm([{ id: 'a', version: '1.2', lessonStatus: 'passed' }], 'completed')).toEqual({ validated: true, rule: 'scorm-completed', figures: { scos: 1, choice: 'completed' } });
  });
});

describe('interactions and objectives in a commit', () => {
  it('keeps the known fields of each, capped, and refuses a list that is not one', () => {
    const many = Array.from({ length: INTERACTIONS_MAX + 3 }, (_, i) => ({ id: `q${i}`, result: 'correct', other: 'x' }));
    const { cmi, refused } = acceptCmi('2004', { interactions: many, objectives: [{ id: 'o', success_status: 'passed', score_scaled: 0.5 }] });
    expect(refused).toEqual({});
    expect((cmi.interactions as unknown[]).length).toBe(INTERACTIONS_MAX);
    expect((cmi.interactions as unknown[])[0]).toEqual({ id: 'q0', result: 'correct' });
    expect(cmi.objectives).toEqual([{ id: 'o', success_status: 'passed', score_scaled: '0.5' }]);
    const bad = acceptCmi('1.2', { lesson_status: 'completed', interactions: [{ id: { nested: true } }], objectives: 'non' });
    expect(bad.cmi).toEqual({ lesson_status: 'completed' });
    expect(Object.keys(bad.refused)).toEqual(['interactions', 'objectives']);
  });

  it('1.2: an objective\'s passed or failed sent as its completion is filed as a success on a completed objective', () => {
    const objectives = [
      { id: 'a', success_status: 'failed', completion_status: 'failed' },
      { id: 'b', completion_status: 'passed' },
      { id: 'c', completion_status: 'incomplete' },
    ];
    expect(acceptCmi('1.2', { objectives }).cmi.objectives).toEqual([
      { id: 'a', success_status: 'failed', completion_status: 'completed' },
      { id: 'b', success_status: 'passed', completion_status: 'completed' },
      { id: 'c', completion_status: 'incomplete' },
    ]);
  });
});

describe('the end of an attempt of the package', () => {
  it('comes with the SCO\'s last commit carrying exitAll or abandonAll, nothing else', () => {
    expect(endsAttempt(true, { nav_request: 'exitAll' })).toBe(true);
    expect(endsAttempt(true, { nav_request: 'abandonAll' })).toBe(true);
    expect(endsAttempt(false, { nav_request: 'exitAll' })).toBe(false);
    for (const request of ['suspendAll', 'continue', 'exit', 'previous', '', 'EXITALL']) expect(endsAttempt(true, { nav_request: request })).toBe(false);
    expect(endsAttempt(true, {})).toBe(false);
    expect(endsAttempt(true, { nav_request: ['exitAll'] })).toBe(false);
  });
});
