// CourseProgress as behaviour: given a course's steps and what the student did, when the player
// reports or the SCORM runtime commits, then the events recorded and the answer. The evidence is
// what the evidence repository would answer; the clock is a manual one (no test sleeps).
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { MikroORM } from '@mikro-orm/postgresql';
import { TestClock } from '../../../platform/testing/test-clock.js';
import type { CourseProgressEvent } from '../contracts/learning-progress.events.js';
import { CHAPTER_LOCKED, COURSE_NOT_DONE, CourseProgress, StepProgress, SUBCHAPTER_LOCKED, type StepEvidence, type StepReport } from './course-progress.aggregate.js';
import { readCmi, type KeptCommit } from './scorm-commits.js';
import { orderSteps, type Step } from './step-order.js';
import type { TimeEvidence } from './time-on-task.js';
import type { QuizCompletion, StepContent } from './validation-rules.js';

// The aggregate's collection of steps needs the ORM's metadata, not a database: discovered once, never connected.
let orm: MikroORM;
beforeAll(async () => {
  orm = await MikroORM.init({ entities: [CourseProgress, StepProgress], metadataProvider: ReflectMetadataProvider, dbName: 'unused' });
});
afterAll(() => orm?.close());


// C1 text (its sub-chapter S11 text), C2 an uploaded video (600 s), C3 a video link (100 s), C4 a quiz, C5 a SCORM 1.2 package of two SCOs.
const order = orderSteps([{ id: 1, subchapters: [{ id: 11 }] }, { id: 2, subchapters: [] }, { id: 3, subchapters: [] }, { id: 4, subchapters: [] }, { id: 5, subchapters: [] }]);
const step = (kind: Step['kind'], id: number): Step => order.find((s) => s.kind === kind && s.id === id)!;
const content: Record<string, StepContent> = {
  'chapter:1': { contentType: 'text', video: 'none', duration: null, quizId: null },
  'subchapter:11': { contentType: 'text', video: 'none', duration: null, quizId: null },
  'chapter:2': { contentType: 'video_file', video: 'file', duration: 600, quizId: null },
  'chapter:3': { contentType: 'video_url', video: 'url', duration: 100, quizId: null },
  'chapter:4': { contentType: 'quiz', video: 'none', duration: null, quizId: 7 },
  'chapter:5': { contentType: 'scorm', video: 'none', duration: null, quizId: null },
};
const scormPackage = { version: '1.2' as const, scos: ['a', 'b'] };
const noEvidence: StepEvidence = { time: null, quiz: null };
const quiz: QuizCompletion = { quizId: 7, score: 3, total: 4, attempt: 1 };

let clock: TestClock;
let progress: CourseProgress;

beforeEach(() => {
  clock = new TestClock();
  clock.set(new Date(Date.UTC(2026, 10, 26, 9, 0, 0)));
  progress = new CourseProgress(42, 9, clock.now());
});

/** The player's report on a step (nothing played, no finish button unless said). */
function report(kind: Step['kind'], id: number, said: Partial<StepReport> = {}, evidence: StepEvidence = noEvidence) {
  const s = step(kind, id);
  return progress.report(order, s, content[`${kind}:${id}`]!, { played: [], finish: false, ...said }, evidence, clock.now());
}

/** Opens and finishes a text step. */
function readText(kind: Step['kind'], id: number) {
  report(kind, id);
  clock.advance(30_000);
  return report(kind, id, { finish: true });
}

/** Opens a video step, lets the server's clock run as long as the video lasts, and reports it played through. */
function watchedThrough(kind: Step['kind'], id: number, duration: number) {
  report(kind, id);
  clock.advance(duration * 1000);
  return report(kind, id, { played: [[0, duration]] });
}

/** Opens a step and lets the server's clock run an hour: any claim of its video is then within the bound. */
function openedAnHourAgo(kind: Step['kind'], id: number) {
  report(kind, id);
  progress.takeEvents();
  clock.advance(3_600_000);
}

/** The steps before the given chapter, validated; their events taken. */
function givenValidatedUpTo(chapter: number) {
  readText('chapter', 1);
  readText('subchapter', 11);
  if (chapter > 2) watchedThrough('chapter', 2, 600);
  if (chapter > 3) watchedThrough('chapter', 3, 100);
  if (chapter > 4) report('chapter', 4, {}, { time: null, quiz });
  progress.takeEvents();
}

const types = (events: CourseProgressEvent[]) => events.map((e) => e.type);
const validation = (events: CourseProgressEvent[]) => events.find((e) => e.type === 'ChapterValidated')?.payload;

function commit(sco: string, cmi: Record<string, unknown>, kept: Partial<KeptCommit> = {}) {
  const report = readCmi('1.2', cmi);
  const evidence: KeptCommit = { seq: 1, outcome: 'applied', scoStates: [], ...kept };
  return progress.commitScorm(order, step('chapter', 5), scormPackage, { sco, sessionId: 'session-1', report }, evidence, clock.now());
}

describe('CourseProgress', () => {
  describe('when the student visits the steps in order', () => {
    it('opens each step once, with StepOpened naming its content', () => {
      report('chapter', 1);
      report('chapter', 1);
      expect(progress.takeEvents()).toEqual([{ type: 'StepOpened', payload: { studentId: 42, courseId: 9, kind: 'chapter', stepId: 1, contentType: 'text' } }]);
      expect(progress.version).toBe(1);
    });

    it('opens the next step once the earlier ones are validated: the sub-chapter after its chapter, then the next chapter', () => {
      readText('chapter', 1);
      expect(types(progress.takeEvents())).toEqual(['StepOpened', 'ChapterValidated']);
      readText('subchapter', 11);
      report('chapter', 2);
      expect(types(progress.takeEvents())).toEqual(['StepOpened', 'ChapterValidated', 'StepOpened']);
    });
  });

  describe('when a step after one not validated is reported', () => {
    it('refuses a chapter with the chapter warning and records nothing', () => {
      expect(() => report('chapter', 2, { played: [[0, 600]] })).toThrow(CHAPTER_LOCKED);
      expect(progress.takeEvents()).toEqual([]);
    });

    it('refuses a sub-chapter with the sub-chapter warning', () => {
      report('chapter', 1);
      expect(() => report('subchapter', 11)).toThrow(SUBCHAPTER_LOCKED);
    });

    it('refuses a SCORM commit on a locked module', () => {
      expect(() => commit('a', { lesson_status: 'passed' })).toThrow(CHAPTER_LOCKED);
      expect(progress.takeEvents()).toEqual([]);
    });
  });

  describe('when a text step is finished', () => {
    it('refuses the finish button on the first visit: the server has not seen the step open', () => {
      expect(report('chapter', 1, { finish: true })).toEqual({
        validated: false, rule: null, reason: 'Ouvrez cette étape avant de la terminer.', connectedSeconds: 0, activeSeconds: 0,
      });
    });

    it('validates it with rule text-finish-after-open once it was opened before', () => {
      report('chapter', 1);
      clock.advance(30_000);
      expect(report('chapter', 1, { finish: true })).toMatchObject({ validated: true, rule: 'text-finish-after-open', reason: null });
      expect(validation(progress.takeEvents())).toEqual({ studentId: 42, courseId: 9, kind: 'chapter', stepId: 1, rule: 'text-finish-after-open', figures: {} });
    });
  });

  describe('when an uploaded video step reaches 90 %', () => {
    beforeEach(() => {
      givenValidatedUpTo(2);
      openedAnHourAgo('chapter', 2);
    });

    it('validates it with rule video-played-90-percent, the intervals of several saves merged', () => {
      expect(report('chapter', 2, { played: [[0, 300]] }).validated).toBe(false);
      expect(report('chapter', 2, { played: [[250, 545]] })).toMatchObject({ validated: true, rule: 'video-played-90-percent' });
      expect(validation(progress.takeEvents())).toMatchObject({
        rule: 'video-played-90-percent',
        figures: {
          unique_seconds: 545, duration: 600, share: 90.8,
          first_seen_at: '2026-11-26T09:01:00.000Z', validated_at: '2026-11-26T10:01:00.000Z', elapsed_seconds: 3600, max_rate: 2, allowance_seconds: 7210,
        },
      });
    });

    it('does not validate a seek to the end', () => {
      expect(report('chapter', 2, { played: [[0, 3], [597, 600]], finish: true })).toMatchObject({
        validated: false, reason: 'Regardez plus de 120 secondes de la vidéo avant de la terminer.',
      });
    });

    it('validates the finish button with rule video-finish-after-120s after more than 120 unique seconds', () => {
      expect(report('chapter', 2, { played: [[0, 121]], finish: true })).toMatchObject({ validated: true, rule: 'video-finish-after-120s' });
    });

    it('never falls back to the active time when nothing was played', () => {
      const time = timeEvidence(600, 600);
      expect(report('chapter', 2, {}, { time, quiz: null })).toMatchObject({ validated: false, activeSeconds: 600 });
    });
  });

  describe('when a video link reports its played ranges', () => {
    beforeEach(() => {
      givenValidatedUpTo(3);
      openedAnHourAgo('chapter', 3);
    });

    it('validates it with rule video-played-90-percent on the ranges, whatever the active time', () => {
      expect(report('chapter', 3, { played: [[0, 50]] }, { time: timeEvidence(100, 100), quiz: null }).validated).toBe(false);
      expect(report('chapter', 3, { played: [[40, 95]] })).toMatchObject({ validated: true, rule: 'video-played-90-percent' });
    });
  });

  describe('when a video link reports nothing (its provider could not)', () => {
    beforeEach(() => givenValidatedUpTo(3));

    it('validates it with rule external-video-timer-90-percent once the active time reaches 90 % of its duration', () => {
      expect(report('chapter', 3, {}, { time: timeEvidence(89, 89), quiz: null })).toMatchObject({ validated: false, activeSeconds: 89 });
      expect(report('chapter', 3, {}, { time: timeEvidence(90, 90), quiz: null })).toMatchObject({ validated: true, rule: 'external-video-timer-90-percent', activeSeconds: 90 });
      expect(validation(progress.takeEvents())).toMatchObject({ figures: { active_seconds: 90, duration: 100 } });
    });
  });

  describe('when a quiz step is reported', () => {
    beforeEach(() => givenValidatedUpTo(4));

    it('refuses it until the quiz is completed, then validates it with rule quiz-completed and the score', () => {
      expect(report('chapter', 4)).toMatchObject({ validated: false, reason: 'Terminez le quiz de cette étape.' });
      expect(report('chapter', 4, {}, { time: null, quiz })).toMatchObject({ validated: true, rule: 'quiz-completed' });
      expect(validation(progress.takeEvents())).toMatchObject({ figures: { quiz_id: 7, score: 3, total: 4, attempt: 1 } });
    });
  });

  describe('when the quiz taken from a step is completed', () => {
    it('validates the step with rule quiz-completed when it is open', () => {
      givenValidatedUpTo(4);
      expect(progress.quizCompleted(order, step('chapter', 4), content['chapter:4']!, quiz, clock.now())).toBe(true);
      expect(types(progress.takeEvents())).toEqual(['StepOpened', 'ChapterValidated']);
    });

    it('leaves a locked step as it is', () => {
      expect(progress.quizCompleted(order, step('chapter', 4), content['chapter:4']!, quiz, clock.now())).toBe(false);
      expect(progress.takeEvents()).toEqual([]);
    });
  });

  describe('when a SCORM module commits', () => {
    beforeEach(() => givenValidatedUpTo(5));

    it('records ScormCommitted for an applied commit, without validating while a SCO is not done', () => {
      const answer = commit('a', { lesson_status: 'passed', session_time: '0000:00:10.00' }, { scoStates: [{ sco: 'a', cmi: { lesson_status: 'passed' } }] });
      expect(answer).toEqual({ outcome: 'applied', validated: false });
      expect(progress.takeEvents()).toEqual([
        { type: 'StepOpened', payload: { studentId: 42, courseId: 9, kind: 'chapter', stepId: 5, contentType: 'scorm' } },
        {
          type: 'ScormCommitted',
          schemaVersion: 2,
          payload: {
            studentId: 42, courseId: 9, chapterId: 5, sco: 'a', sessionId: 'session-1', seq: 1, completionStatus: 'completed', successStatus: 'passed', score: null, sessionSeconds: 10,
            version: '1.2', lessonStatus: 'passed', scoreMin: null, scoreMax: null, scoreScaled: null, previous: null,
          },
        },
      ]);
    });

    it('records the 1.2 status on both axes, the score in its figures, and the standing stored before (mapping 2, ADR 0027)', () => {
      commit('a', { lesson_status: 'failed', score_raw: '45', score_min: '0', score_max: '50' }, { previous: { lesson_status: 'incomplete', score_raw: '20' } });
      const [, committed] = progress.takeEvents();
      expect(committed!.payload).toMatchObject({
        completionStatus: 'completed', successStatus: 'failed', lessonStatus: 'failed', score: 45, scoreMin: 0, scoreMax: 50, scoreScaled: null,
        previous: { completionStatus: 'incomplete', successStatus: null },
      });
    });

    it('validates it with rule scorm-completed once every SCO is completed or passed', () => {
      const states = [{ sco: 'a', cmi: { lesson_status: 'passed' } }, { sco: 'b', cmi: { lesson_status: 'completed' } }];
      expect(commit('b', { lesson_status: 'completed' }, { seq: 2, scoStates: states })).toEqual({ outcome: 'applied', validated: true });
      expect(validation(progress.takeEvents())).toEqual({ studentId: 42, courseId: 9, kind: 'chapter', stepId: 5, rule: 'scorm-completed', figures: { scos: 2, choice: 'completed_or_passed' } });
    });

    it('records nothing new for a duplicate, and no ScormCommitted for a stale commit', () => {
      commit('a', { lesson_status: 'incomplete' }, { seq: 2 });
      progress.takeEvents();
      expect(commit('a', { lesson_status: 'incomplete' }, { seq: 2, outcome: 'duplicate' })).toEqual({ outcome: 'duplicate', validated: false });
      expect(commit('a', { lesson_status: 'passed' }, { seq: 1, outcome: 'stale', scoStates: [{ sco: 'a', cmi: { lesson_status: 'incomplete' } }] })).toEqual({ outcome: 'stale', validated: false });
      expect(progress.takeEvents()).toEqual([]);
    });
  });

  describe('when a validated step is reported again', () => {
    it('settles once: the rule it was validated with stays, and nothing more is recorded', () => {
      givenValidatedUpTo(3);
      watchedThrough('chapter', 3, 100);
      progress.takeEvents();
      expect(report('chapter', 3, { played: [[0, 100]], finish: true })).toMatchObject({ validated: true, rule: 'video-played-90-percent', reason: null });
      expect(progress.takeEvents()).toEqual([]);
    });

    it('does not judge a validated video again: a claim beyond the bound records nothing and undoes nothing', () => {
      givenValidatedUpTo(2);
      report('chapter', 2);
      clock.advance(60_000);
      report('chapter', 2, { played: [[0, 130]], finish: true });
      expect(validation(progress.takeEvents())).toMatchObject({ rule: 'video-finish-after-120s' });
      expect(report('chapter', 2, { played: [[0, 600]] })).toMatchObject({ validated: true, rule: 'video-finish-after-120s', reason: null });
      expect(progress.takeEvents()).toEqual([]);
    });
  });

  describe("when a video's claimed seconds outrun the server's clock", () => {
    beforeEach(() => givenValidatedUpTo(2));
    const tooFast = expect.stringMatching(/^Lecture trop rapide : /);

    it('given the whole video claimed a second after opening, credits 2 × 1 + 10 s, records the excess ignored, and validates nothing', () => {
      report('chapter', 2);
      clock.advance(1000);
      expect(report('chapter', 2, { played: [[0, 600]] })).toEqual({ validated: false, rule: null, reason: tooFast, connectedSeconds: 0, activeSeconds: 0 });
      expect(progress.takeEvents()).toEqual([
        { type: 'StepOpened', payload: { studentId: 42, courseId: 9, kind: 'chapter', stepId: 2, contentType: 'video_file' } },
        {
          type: 'PlaybackExcessIgnored',
          payload: {
            studentId: 42, courseId: 9, kind: 'chapter', stepId: 2, claimedSeconds: 600, creditedSeconds: 12, ignoredSeconds: 588, uniqueSeconds: 12,
            elapsedSeconds: 1, maxRate: 2, allowanceSeconds: 12,
          },
        },
      ]);
      expect(progress.steps.getItems().find((s) => s.stepId === 2)?.played).toEqual([[0, 12]]);
    });

    it('given a first save that brings everything at once (its opening lost), takes that save as the first seen: nothing validated yet', () => {
      expect(report('chapter', 2, { played: [[0, 600]] }, { time: timeEvidence(600, 600), quiz: null })).toMatchObject({ validated: false, reason: tooFast });
      clock.advance(300_000);
      expect(report('chapter', 2, { played: [[0, 600]] })).toMatchObject({ validated: true, rule: 'video-played-90-percent' });
      expect(validation(progress.takeEvents())).toMatchObject({ figures: { first_seen_at: '2026-11-26T09:01:00.000Z', elapsed_seconds: 300, allowance_seconds: 610, unique_seconds: 600 } });
    });

    it('given a played range replayed, credits it once, and a later range only as real time allows', () => {
      report('chapter', 2);
      clock.advance(50_000);
      expect(report('chapter', 2, { played: [[0, 100]] }).validated).toBe(false);
      expect(report('chapter', 2, { played: [[0, 100]] }).validated).toBe(false);
      expect(types(progress.takeEvents())).toEqual(['StepOpened']);
      expect(report('chapter', 2, { played: [[0, 600]] })).toMatchObject({ validated: false, reason: tooFast });
      expect(progress.takeEvents()).toEqual([expect.objectContaining({ type: 'PlaybackExcessIgnored', payload: expect.objectContaining({ claimedSeconds: 500, creditedSeconds: 10, uniqueSeconds: 110 }) })]);
    });

    it('given a real playback at 2× saved every 30 s, validates it once 90 % was played, with the figures that prove the bound held', () => {
      report('chapter', 2);
      let answer = report('chapter', 2);
      for (let position = 60; position <= 600 && !answer.validated; position += 60) {
        clock.advance(30_000);
        answer = report('chapter', 2, { played: [[0, position]] });
      }
      expect(answer).toMatchObject({ validated: true, rule: 'video-played-90-percent' });
      const events = progress.takeEvents();
      expect(types(events)).not.toContain('PlaybackExcessIgnored');
      const figures = validation(events)!.figures;
      expect(figures).toEqual({
        unique_seconds: 540, duration: 600, share: 90, first_seen_at: '2026-11-26T09:01:00.000Z', validated_at: '2026-11-26T09:05:30.000Z',
        elapsed_seconds: 270, max_rate: 2, allowance_seconds: 550,
      });
      expect(Number(figures.unique_seconds)).toBeLessThanOrEqual(Number(figures.allowance_seconds));
    });

    it('given the finish button, counts only the seconds the server clock allows toward the 120 s', () => {
      report('chapter', 2);
      clock.advance(30_000);
      expect(report('chapter', 2, { played: [[0, 200]], finish: true })).toMatchObject({ validated: false, reason: tooFast });
      clock.advance(30_000);
      expect(report('chapter', 2, { played: [[0, 200]], finish: true })).toMatchObject({ validated: true, rule: 'video-finish-after-120s' });
      expect(validation(progress.takeEvents())).toMatchObject({ figures: { unique_seconds: 130, elapsed_seconds: 60, allowance_seconds: 130 } });
    });
  });

  describe('when a save brings time', () => {
    it('records LearningTimeRecorded with the session\'s figures and answers the step\'s totals', () => {
      report('chapter', 1);
      progress.takeEvents();
      const time: TimeEvidence = {
        session: { id: 'session-1', beats: 3, connectedSeconds: 60, activeSeconds: 45, method: 'v1', addedConnectedSeconds: 30, addedActiveSeconds: 15 },
        totals: { connected: 90, active: 70 },
      };
      expect(report('chapter', 1, {}, { time, quiz: null })).toMatchObject({ validated: false, connectedSeconds: 90, activeSeconds: 70 });
      expect(progress.takeEvents()).toEqual([
        {
          type: 'LearningTimeRecorded',
          payload: {
            studentId: 42, courseId: 9, kind: 'chapter', stepId: 1, sessionId: 'session-1', beats: 3, connectedSeconds: 60, activeSeconds: 45, method: 'v1',
            addedConnectedSeconds: 30, addedActiveSeconds: 15,
          },
        },
      ]);
    });

    it('keeps the step\'s time when a save brings no new beat', () => {
      report('chapter', 1, {}, { time: timeEvidence(40, 30), quiz: null });
      progress.takeEvents();
      expect(report('chapter', 1)).toMatchObject({ connectedSeconds: 40, activeSeconds: 30 });
      expect(progress.takeEvents()).toEqual([]);
    });
  });

  describe('when the student completes the course', () => {
    it('refuses before every step is validated', () => {
      givenValidatedUpTo(5);
      expect(() => progress.complete(order, clock.now())).toThrow(COURSE_NOT_DONE);
    });

    it('completes it once every step is validated, and only once', () => {
      givenValidatedUpTo(5);
      commit('a', { lesson_status: 'passed' }, { scoStates: [{ sco: 'a', cmi: { lesson_status: 'passed' } }, { sco: 'b', cmi: { lesson_status: 'passed' } }] });
      progress.takeEvents();
      clock.advance(60_000);
      progress.complete(order, clock.now());
      progress.complete(order, clock.now());
      expect(progress.takeEvents()).toEqual([{ type: 'CourseCompleted', payload: { studentId: 42, courseId: 9, steps: 6 } }]);
      expect(progress.completedAt).toEqual(clock.now());
    });
  });
});

/** A save's time evidence whose step totals are the given figures. */
function timeEvidence(connected: number, active: number): TimeEvidence {
  return {
    session: { id: 'session-1', beats: 1, connectedSeconds: connected, activeSeconds: active, method: 'v1', addedConnectedSeconds: connected, addedActiveSeconds: active },
    totals: { connected, active },
  };
}
