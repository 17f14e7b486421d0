import { afterEach, describe, expect, it } from 'vitest';
import type { CmiData } from './commit-queue';
import { resumeData, scormDuration, startScormRuntime } from './scorm-runtime';

const LEARNER = { id: '7', name: 'Dubois, Léa' };
type Api12 = Record<'LMSInitialize' | 'LMSFinish' | 'LMSCommit' | 'LMSGetValue', (arg?: string) => string> & { LMSSetValue: (element: string, value: string) => string };
type Api2004 = Record<'Initialize' | 'Terminate' | 'Commit' | 'GetValue', (arg?: string) => string> & { SetValue: (element: string, value: string) => string };

afterEach(() => {
  delete window.API;
  delete window.API_1484_11;
});

describe('the SCORM 1.2 runtime', () => {
  it('puts window.API where the package finds it, resumed from the saved state, and reports each commit and the last', async () => {
    const commits: [CmiData, boolean][] = [];
    const runtime = await startScormRuntime({
      version: '1.2',
      learner: LEARNER,
      resume: { cmi: { lesson_status: 'incomplete', location: '2', suspend_data: '{"page":2}', exit: 'suspend' }, total_time: 95 },
      onCommit: (cmi, final) => commits.push([cmi, final]),
    });
    const api = window.API as Api12;
    expect(api.LMSInitialize('')).toBe('true');
    expect(['cmi.core.entry', 'cmi.core.lesson_location', 'cmi.suspend_data', 'cmi.core.lesson_status', 'cmi.core.total_time', 'cmi.core.student_name'].map((e) => api.LMSGetValue(e))).toEqual([
      'resume', '2', '{"page":2}', 'incomplete', '00:01:35', 'Dubois, Léa',
    ]);
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSSetValue('cmi.core.score.raw', '100');
    expect(runtime.dirty()).toBe(true);
    api.LMSCommit('');
    expect(runtime.dirty()).toBe(false);
    api.LMSSetValue('cmi.core.session_time', '0000:00:42.00');
    api.LMSSetValue('cmi.core.exit', '');
    api.LMSFinish('');
    expect(commits.map(([cmi, final]) => [cmi.lesson_status, cmi.score, cmi.location, cmi.suspend_data, final])).toEqual([
      ['passed', 100, '2', '{"page":2}', false],
      ['passed', 100, '2', '{"page":2}', true],
    ]);
    expect(commits[1]![0].session_time).toMatch(/^0{2,4}:00:42/);
    // The score's figures each on its own: raw as set, min and max not set by this package.
    expect(commits[1]![0]).toMatchObject({ score_raw: 100, score_min: null });
    expect(commits[1]![0]).not.toHaveProperty('score_scaled');
    runtime.detach();
    expect(window.API).toBeUndefined();
  });

  it('starts a package never launched ab-initio, and one that finished without resuming', () => {
    expect(resumeData('1.2', null, LEARNER)['cmi.core.entry']).toBe('ab-initio');
    expect(resumeData('1.2', { cmi: { exit: '' }, total_time: 0 }, LEARNER)['cmi.core.entry']).toBeUndefined();
  });
});

describe('the SCORM 2004 runtime', () => {
  it('resumes location, suspend_data and statuses, and reports completion, success and the scaled score', async () => {
    const commits: CmiData[] = [];
    await startScormRuntime({
      version: '2004',
      learner: LEARNER,
      resume: { cmi: { completion_status: 'incomplete', location: '1', suspend_data: 'x'.repeat(64_000) }, total_time: 30 },
      onCommit: (cmi) => commits.push(cmi),
    });
    const api = window.API_1484_11 as Api2004;
    expect(api.Initialize('')).toBe('true');
    expect(api.GetValue('cmi.entry')).toBe('resume');
    expect(api.GetValue('cmi.suspend_data')).toHaveLength(64_000);
    expect(api.GetValue('cmi.total_time')).toBe('PT0H0M30S');
    api.SetValue('cmi.completion_status', 'completed');
    api.SetValue('cmi.success_status', 'passed');
    api.SetValue('cmi.score.scaled', '0.67');
    api.SetValue('cmi.session_time', 'PT12S');
    api.Commit('');
    expect(commits[0]).toMatchObject({ completion_status: 'completed', success_status: 'passed', score_scaled: 0.67, score_raw: null, score: null, location: '1', session_time: expect.stringMatching(/^PT/) });
    expect(commits[0]!.suspend_data).toHaveLength(64_000);
  });

  it('sends a score of 100 % as raw 100, min 0, max 100 and scaled 1, each figure on its own (never the scaled score as the raw one)', async () => {
    const commits: CmiData[] = [];
    await startScormRuntime({ version: '2004', learner: LEARNER, resume: null, onCommit: (cmi) => commits.push(cmi) });
    const api = window.API_1484_11 as Api2004;
    api.Initialize('');
    api.SetValue('cmi.score.raw', '100');
    api.SetValue('cmi.score.min', '0');
    api.SetValue('cmi.score.max', '100');
    api.SetValue('cmi.score.scaled', '1');
    api.Commit('');
    expect(commits[0]).toMatchObject({ score: 100, score_raw: 100, score_min: 0, score_max: 100, score_scaled: 1 });
  });

  it('writes durations as each version wants them', () => {
    expect(scormDuration('1.2', 3723.5)).toBe('0001:02:03.50');
    expect(scormDuration('2004', 3723.5)).toBe('PT1H2M3.5S');
  });
});

describe('the run-time rules and what the manifest gives the SCO', () => {
  it('1.2: mastery score, launch data and credit given; score.max starts empty; a minimum-calls SCO is completed on LMSFinish', async () => {
    const commits: [CmiData, boolean][] = [];
    const runtime = await startScormRuntime({
      version: '1.2',
      learner: LEARNER,
      resume: null,
      settings: { masteryScore: 80, launchData: 'niveau=2', completionThreshold: null, scaledPassingScore: null },
      onCommit: (cmi, final) => commits.push([cmi, final]),
    });
    const api = window.API as Api12;
    api.LMSInitialize('');
    expect(['cmi.student_data.mastery_score', 'cmi.launch_data', 'cmi.core.credit', 'cmi.core.lesson_mode', 'cmi.core.score.max', 'cmi.core.lesson_status'].map((e) => api.LMSGetValue(e))).toEqual([
      '80', 'niveau=2', 'credit', 'normal', '', 'not attempted',
    ]);
    expect(runtime.unfinished()).toBe(true);
    api.LMSFinish('');
    expect(runtime.unfinished()).toBe(false);
    expect(commits).toHaveLength(1);
    expect(commits[0]![1]).toBe(true);
    expect(commits[0]![0].lesson_status).toBe('completed');
  });

  it('1.2: the mastery score makes passed or failed on LMSFinish, and interactions are reported', async () => {
    const commits: CmiData[] = [];
    await startScormRuntime({
      version: '1.2',
      learner: LEARNER,
      resume: null,
      settings: { masteryScore: 80, launchData: null, completionThreshold: null, scaledPassingScore: null },
      onCommit: (cmi) => commits.push(cmi),
    });
    const api = window.API as Api12;
    api.LMSInitialize('');
    api.LMSSetValue('cmi.core.score.raw', '70');
    api.LMSSetValue('cmi.interactions.0.id', 'q1');
    api.LMSSetValue('cmi.interactions.0.type', 'choice');
    api.LMSSetValue('cmi.interactions.0.student_response', 'b');
    api.LMSSetValue('cmi.interactions.0.result', 'wrong');
    api.LMSSetValue('cmi.objectives.0.id', 'obj');
    api.LMSSetValue('cmi.objectives.0.status', 'failed');
    expect(api.LMSGetValue('cmi.objectives.0.score.max')).toBe('');
    api.LMSSetValue('cmi.objectives.1.id', 'obj2');
    api.LMSSetValue('cmi.objectives.1.status', 'passed');
    api.LMSSetValue('cmi.objectives.1.score.max', '50');
    api.LMSSetValue('cmi.objectives.2.id', 'obj3');
    api.LMSSetValue('cmi.objectives.2.status', 'incomplete');
    api.LMSFinish('');
    expect(commits[0]).toMatchObject({
      lesson_status: 'failed',
      interactions: [{ id: 'q1', type: 'choice', learner_response: 'b', result: 'wrong' }],
    });
    // 1.2's one objective status as 2004's two; a max never set stays empty (scorm-again starts it at 100).
    expect(commits[0]!.objectives).toEqual([
      { id: 'obj', success_status: 'failed', completion_status: 'completed' },
      { id: 'obj2', success_status: 'passed', completion_status: 'completed', score_max: '50' },
      { id: 'obj3', completion_status: 'incomplete' },
    ]);
  });

  it('2004: completion threshold, scaled passing score and launch data given; a preview runs in browse, no-credit', async () => {
    await startScormRuntime({
      version: '2004',
      learner: LEARNER,
      resume: null,
      mode: 'browse',
      settings: { masteryScore: null, launchData: 'a=1', completionThreshold: 0.8, scaledPassingScore: 0.6 },
      onCommit: () => undefined,
    });
    const api = window.API_1484_11 as Api2004;
    api.Initialize('');
    expect(['cmi.completion_threshold', 'cmi.scaled_passing_score', 'cmi.launch_data', 'cmi.credit', 'cmi.mode'].map((e) => api.GetValue(e))).toEqual(['0.8', '0.6', 'a=1', 'no-credit', 'browse']);
  });
});
