import { mergeIntervals, uniqueSeconds } from './played-intervals.js';
import { creditPlayed, MAX_PLAYBACK_RATE, newParts, PLAYBACK_SLACK_SECONDS, playbackAllowance } from './playback-bound.js';
import { completionPercentage, isOpen, orderSteps, startingStep, stepKey } from './step-order.js';
import { acceptCmi, checkSuspendData, commitOutcome, sessionSeconds } from './scorm-commits.js';
import { acceptedBeats, FUTURE_SLACK_MS, IDLE_CAP_SECONDS, MAX_GAP_SECONDS, sessionTime, timeOnTask, type Beat } from './time-on-task.js';
import { judgeQuiz, judgeScorm, judgeText, judgeTimedVideo, judgeVideo } from './validation-rules.js';

describe('the order of steps', () => {
  const steps = orderSteps([
    { id: 1, subchapters: [{ id: 11 }, { id: 12 }] },
    { id: 2, subchapters: [] },
    { id: 3, subchapters: [{ id: 31 }] },
  ]);
  const done = (...keys: string[]) => new Set(keys);

  it('puts each chapter before its sub-chapters, chapters in order', () => {
    expect(steps.map(stepKey)).toEqual(['chapter:1', 'subchapter:11', 'subchapter:12', 'chapter:2', 'chapter:3', 'subchapter:31']);
  });

  it('opens a step only when every earlier step is validated: the next chapter waits for the sub-chapters of the previous one', () => {
    const validated = done('chapter:1', 'subchapter:11');
    expect(isOpen(steps, validated, { kind: 'subchapter', id: 12 })).toBe(true);
    expect(isOpen(steps, validated, { kind: 'chapter', id: 2 })).toBe(false);
    expect(isOpen(steps, done('chapter:1', 'subchapter:11', 'subchapter:12'), { kind: 'chapter', id: 2 })).toBe(true);
    expect(isOpen(steps, done(), { kind: 'chapter', id: 1 })).toBe(true);
    expect(isOpen(steps, done('chapter:1'), { kind: 'subchapter', id: 99 })).toBe(false);
  });

  it('starts on the first step not validated, else the last, and rounds the completion', () => {
    expect(startingStep(steps, done('chapter:1'))).toEqual({ kind: 'subchapter', id: 11, chapterId: 1 });
    expect(startingStep(steps, new Set(steps.map(stepKey)))).toEqual({ kind: 'subchapter', id: 31, chapterId: 3 });
    expect(startingStep([], done())).toBeNull();
    expect(completionPercentage(steps, done('chapter:1', 'subchapter:11'))).toBe(33);
    expect(completionPercentage(steps, new Set(steps.map(stepKey)))).toBe(100);
    expect(completionPercentage([], done())).toBe(0);
  });
});

describe('played intervals', () => {
  it('merges overlapping and touching ranges, clamps them to the media, and drops the malformed ones', () => {
    expect(mergeIntervals([[10, 20], [0, 5], [5, 8], [15, 30], [50, 40], [Number.NaN, 3], [90, 130]], 100)).toEqual([[0, 8], [10, 30], [90, 100]]);
    expect(uniqueSeconds(mergeIntervals([[0, 10], [0, 10], [5, 12]], 100))).toBe(12);
  });
});

describe('validating a video', () => {
  // Judged an hour after the step was first seen: the bound (playback-bound.ts) allows it all.
  const clock = { firstSeenAt: new Date('2026-03-02T09:00:00Z'), now: new Date('2026-03-02T10:00:00Z'), ignoredSeconds: 0 };
  const proof = { first_seen_at: '2026-03-02T09:00:00.000Z', validated_at: '2026-03-02T10:00:00.000Z', elapsed_seconds: 3600, max_rate: 2, allowance_seconds: 7210 };
  it('given a seek to the end, when it is judged, then nothing is validated', () => {
    const verdict = judgeVideo({ duration: 600, played: [[0, 3], [597, 600]], finish: false, clock });
    expect(verdict.validated).toBe(false);
  });

  it('given 90 % of the duration in unique seconds, when it is judged, then it is validated with its figures', () => {
    expect(judgeVideo({ duration: 600, played: [[0, 300], [250, 545]], finish: false, clock })).toEqual({
      validated: true, rule: 'video-played-90-percent', figures: { unique_seconds: 545, duration: 600, share: 90.8, ...proof },
    });
  });

  it('given the same minute replayed ten times, when it is judged, then it counts once', () => {
    expect(judgeVideo({ duration: 100, played: Array.from({ length: 10 }, () => [0, 60] as const), finish: false, clock }).validated).toBe(false);
  });

  it('given the finish button, then it is refused before 120 s watched and accepted after', () => {
    expect(judgeVideo({ duration: 3600, played: [[0, 120]], finish: true, clock })).toEqual({
      validated: false, reason: 'Regardez plus de 120 secondes de la vidéo avant de la terminer.',
    });
    expect(judgeVideo({ duration: 3600, played: [[0, 121]], finish: true, clock })).toMatchObject({ validated: true, rule: 'video-finish-after-120s' });
  });

  it('given an external video whose provider reports nothing, then the active time on the step must reach 90 % of its duration', () => {
    expect(judgeTimedVideo({ duration: 300, activeSeconds: 269 }).validated).toBe(false);
    expect(judgeTimedVideo({ duration: 300, activeSeconds: 270 })).toMatchObject({ validated: true, rule: 'external-video-timer-90-percent' });
    expect(judgeTimedVideo({ duration: null, activeSeconds: 10_000 }).validated).toBe(false);
  });

  it('given a save whose claim went beyond the bound, when it is not validated, then the reason says the playback was too fast', () => {
    const verdict = judgeVideo({ duration: 900, played: [[0, 12]], finish: false, clock: { ...clock, ignoredSeconds: 888 } });
    expect(verdict).toEqual({ validated: false, reason: expect.stringMatching(/^Lecture trop rapide : 888 s de vidéo déclarées n’ont pas été comptées/) });
  });
});

describe('validating text, quiz and SCORM steps', () => {
  it('accepts the finish button of a text only once the step was opened', () => {
    expect(judgeText({ opened: false, finish: true }).validated).toBe(false);
    expect(judgeText({ opened: true, finish: false }).validated).toBe(false);
    expect(judgeText({ opened: true, finish: true })).toEqual({ validated: true, rule: 'text-finish-after-open', figures: {} });
  });

  it('validates a quiz step on its quiz completed, with the score', () => {
    expect(judgeQuiz(null).validated).toBe(false);
    expect(judgeQuiz({ quizId: 4, score: 2, total: 3, attempt: 1 })).toEqual({ validated: true, rule: 'quiz-completed', figures: { quiz_id: 4, score: 2, total: 3, attempt: 1 } });
  });

  it('validates a SCORM package only when every SCO is completed or passed, in 1.2 and in 2004', () => {
    expect(judgeScorm([]).validated).toBe(false);
    expect(judgeScorm([{ id: 'a', version: '1.2', lessonStatus: 'incomplete' }])).toEqual({
      validated: false,
      reason: 'Le module n’est pas terminé : 1 partie sur 1 n’est pas encore terminée ou réussie.',
    });
    expect(judgeScorm([{ id: 'a', version: '1.2', lessonStatus: 'incomplete' }, { id: 'b', version: '1.2', lessonStatus: 'browsed' }], 'passed')).toEqual({
      validated: false,
      reason: 'Le module n’est pas terminé : 2 parties sur 2 ne sont pas encore réussies.',
    });
    expect(judgeScorm([{ id: 'a', version: '1.2', lessonStatus: 'passed' }, { id: 'b', version: '1.2', lessonStatus: 'completed' }]).validated).toBe(true);
    expect(judgeScorm([{ id: 'a', version: '2004', completionStatus: 'incomplete', successStatus: 'passed' }]).validated).toBe(true);
    expect(judgeScorm([{ id: 'a', version: '2004', completionStatus: 'completed' }, { id: 'b', version: '2004', completionStatus: 'incomplete', successStatus: 'unknown' }]).validated).toBe(false);
  });
});

describe('time on task (method v1)', () => {
  const t0 = Date.UTC(2026, 10, 23, 9, 0, 0);
  const beat = (seq: number, seconds: number, over: Partial<Beat> = {}): Beat => ({
    seq, at: t0 + seconds * 1000, visible: true, focused: true, playing: false, lastInputAt: t0 + seconds * 1000, ...over,
  });

  it('counts a retried beat once, whatever the order they arrive in', () => {
    const beats = [beat(1, 0), beat(2, 30), beat(2, 30), beat(3, 60)];
    expect(timeOnTask(beats)).toEqual({ connectedSeconds: 60, activeSeconds: 60 });
    expect(timeOnTask([...beats].reverse())).toEqual({ connectedSeconds: 60, activeSeconds: 60 });
  });

  it('caps a gap between beats (a sleeping laptop) and counts nothing while the page is hidden', () => {
    expect(timeOnTask([beat(1, 0), beat(2, 3600)])).toEqual({ connectedSeconds: MAX_GAP_SECONDS, activeSeconds: MAX_GAP_SECONDS });
    expect(timeOnTask([beat(1, 0), beat(2, 30, { visible: false })])).toEqual({ connectedSeconds: 0, activeSeconds: 0 });
  });

  it('stops counting active time after the idle cap without input, unless media is playing: a tab open overnight is not a night of training', () => {
    const night = Array.from({ length: 8 * 120 + 1 }, (_, i) => beat(i + 1, i * 30, { lastInputAt: t0 }));
    const { connectedSeconds, activeSeconds } = timeOnTask(night);
    expect(connectedSeconds).toBe(8 * 3600);
    expect(activeSeconds).toBe(IDLE_CAP_SECONDS);
    const video = Array.from({ length: 21 }, (_, i) => beat(i + 1, i * 30, { lastInputAt: t0, playing: true, focused: false }));
    expect(timeOnTask(video).activeSeconds).toBe(600);
  });

  it('given beats dated ten minutes back that the server received a moment ago, then the session counts at most that moment plus one gap', () => {
    const now = new Date(t0 + 600_000);
    const received = [0, 30, 60, 90].map((s, i) => ({ ...beat(i + 1, s), receivedAt: now.getTime() - 10_000 }));
    expect(sessionTime(received, now)).toEqual({ connectedSeconds: 10 + MAX_GAP_SECONDS, activeSeconds: 10 + MAX_GAP_SECONDS, firstReceivedAt: now.getTime() - 10_000 });
    const knownLong = received.map((b) => ({ ...b, receivedAt: t0 }));
    expect(sessionTime(knownLong, now)).toMatchObject({ connectedSeconds: 90, activeSeconds: 90 });
  });

  it('given a beat further ahead of the server\'s clock than the drift allowed, then it is not accepted', () => {
    const now = new Date(t0);
    expect(acceptedBeats([beat(1, 0), beat(2, FUTURE_SLACK_MS / 1000), beat(3, FUTURE_SLACK_MS / 1000 + 1)], now).map((b) => b.seq)).toEqual([1, 2]);
  });
});

describe('SCORM commits', () => {
  it('applies a newer commit, acknowledges a duplicate without writing and refuses a stale one', () => {
    expect(commitOutcome(null, 1)).toBe('applied');
    expect(commitOutcome(4, 5)).toBe('applied');
    expect(commitOutcome(5, 5)).toBe('duplicate');
    expect(commitOutcome(5, 3)).toBe('stale');
    expect(() => commitOutcome(5, 0)).toThrow('Numéro de séquence invalide.');
  });

  it('keeps 64,000 characters of suspend_data whole, in 1.2 as in 2004, and refuses more', () => {
    const data = 'é'.repeat(63_999) + '€';
    expect(checkSuspendData('2004', data)).toBe(data);
    expect(checkSuspendData('1.2', data)).toHaveLength(64_000);
    expect(() => checkSuspendData('2004', `${data}x`)).toThrow('suspend_data ne doit pas dépasser 64000 caractères.');
  });

  it('refuses a suspend_data over the limit, or not text, on its own: the commit keeps its other fields', () => {
    const cmi = { completion_status: 'completed', score: 0.8, location: 'p9', session_time: 'PT4S' };
    expect(acceptCmi('2004', { ...cmi, suspend_data: 'x'.repeat(64_001) })).toEqual({ cmi, refused: { suspend_data: 'suspend_data ne doit pas dépasser 64000 caractères.' } });
    expect(acceptCmi('1.2', { ...cmi, suspend_data: 42 })).toEqual({ cmi, refused: { suspend_data: 'suspend_data doit être du texte.' } });
    expect(acceptCmi('2004', { ...cmi, suspend_data: 'ok' })).toEqual({ cmi: { ...cmi, suspend_data: 'ok' }, refused: {} });
  });

  it('reads both session-time formats', () => {
    expect(sessionSeconds('2004', 'PT1H2M3.5S')).toBe(3723.5);
    expect(sessionSeconds('2004', 'PT45S')).toBe(45);
    expect(sessionSeconds('1.2', '0001:02:03.50')).toBe(3723.5);
    expect(sessionSeconds('1.2', 'PT45S')).toBeNull();
    expect(sessionSeconds('2004', 'PT')).toBeNull();
  });
});

describe('played seconds bounded by the server clock', () => {
  const seen = new Date('2026-03-02T09:00:00Z');
  const after = (seconds: number) => new Date(seen.getTime() + seconds * 1000);

  it('gives the allowance: elapsed seconds × the fastest rate, plus the slack', () => {
    expect(MAX_PLAYBACK_RATE).toBe(2);
    expect(PLAYBACK_SLACK_SECONDS).toBe(10);
    expect(playbackAllowance(0)).toBe(10);
    expect(playbackAllowance(100)).toBe(210);
  });

  it('given a whole video claimed a second after the step was first seen, credits the allowance from the start and ignores the rest', () => {
    expect(creditPlayed([], [[0, 900]], 900, seen, after(1))).toEqual({
      played: [[0, 12]], claimedSeconds: 900, creditedSeconds: 12, ignoredSeconds: 888, uniqueSeconds: 12, elapsedSeconds: 1, allowanceSeconds: 12,
    });
  });

  it('given a range already credited, credits nothing more for it (a replay)', () => {
    expect(creditPlayed([[0, 100]], [[0, 100], [20, 60]], 900, seen, after(1))).toMatchObject({ played: [[0, 100]], claimedSeconds: 0, creditedSeconds: 0, ignoredSeconds: 0 });
  });

  it('credits only the new parts, in the media order, up to what is left of the allowance', () => {
    expect(newParts([[10, 20], [30, 40]], [[0, 50]])).toEqual([[0, 10], [20, 30], [40, 50]]);
    // 50 s after: 110 allowed, 20 already credited, so 90 more of the 100 new ones.
    expect(creditPlayed([[10, 20], [30, 40]], [[0, 120]], 900, seen, after(50))).toMatchObject({
      played: [[0, 110]], claimedSeconds: 100, creditedSeconds: 90, ignoredSeconds: 10, uniqueSeconds: 110,
    });
  });

  it('given a server clock gone backwards, counts no elapsed time rather than a negative one', () => {
    expect(creditPlayed([], [[0, 60]], 900, seen, after(-30))).toMatchObject({ played: [[0, 10]], elapsedSeconds: 0, allowanceSeconds: 10 });
  });
});
