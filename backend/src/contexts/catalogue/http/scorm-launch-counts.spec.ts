import { countSaved, countWrite, SCORM_LISTS } from './scorm-launch-counts.js';

describe('the launch page\'s counts of the run-time\'s lists', () => {
  it('counts a record as soon as one of its fields is written, nested lists included, never lowering a count', () => {
    const cache = new Map<string, string>();
    const stamps = new Map<string, number>();
    countSaved(cache, stamps, SCORM_LISTS['1.2']);
    expect([cache.get('cmi.interactions._count'), cache.get('cmi.objectives._count')]).toEqual(['0', '0']);
    countWrite(cache, stamps, 'cmi.interactions.0.id');
    expect(cache.get('cmi.interactions._count')).toBe('1');
    expect([cache.get('cmi.interactions.0.objectives._count'), cache.get('cmi.interactions.0.correct_responses._count')]).toEqual(['0', '0']);
    countWrite(cache, stamps, 'cmi.interactions.1.objectives.0.id');
    countWrite(cache, stamps, 'cmi.interactions.1.correct_responses.1.pattern');
    expect(cache.get('cmi.interactions._count')).toBe('2');
    expect(cache.get('cmi.interactions.1.objectives._count')).toBe('1');
    expect(cache.get('cmi.interactions.1.correct_responses._count')).toBe('2');
    countWrite(cache, stamps, 'cmi.interactions.0.result');
    expect(cache.get('cmi.interactions._count')).toBe('2');
    countWrite(cache, stamps, 'cmi.objectives.4.score.raw');
    expect(cache.get('cmi.objectives._count')).toBe('5');
    expect(stamps.has('cmi.objectives._count')).toBe(true);
  });

  it('counts the saved state the page starts with', () => {
    const cache = new Map([['cmi.objectives.0.id', 'a'], ['cmi.objectives.1.id', 'b'], ['cmi.comments_from_learner.0.comment', 'x']]);
    countSaved(cache, new Map(), SCORM_LISTS['2004']);
    expect([cache.get('cmi.objectives._count'), cache.get('cmi.interactions._count'), cache.get('cmi.comments_from_learner._count'), cache.get('cmi.comments_from_lms._count')]).toEqual(['2', '0', '1', '0']);
  });

  it('runs from its own source, as the launch page inlines it', () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const inlined = new Function(`return ${countWrite.toString()};`)() as typeof countWrite;
    const cache = new Map<string, string>();
    inlined(cache, new Map(), 'cmi.interactions.2.id');
    expect(cache.get('cmi.interactions._count')).toBe('3');
  });
});
