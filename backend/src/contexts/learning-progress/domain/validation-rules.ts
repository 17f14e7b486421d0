import { mergeIntervals, uniqueSeconds, type Interval } from './played-intervals.js';
import { elapsedSeconds, MAX_PLAYBACK_RATE, playbackAllowance } from './playback-bound.js';

/**
 * When a step counts as validated: decided by the server from evidence, never from the browser's
 * say-so (docs/learning-progress.md). Each verdict names its rule and the figures it rests on,
 * which the ChapterValidated event records.
 */
export const VIDEO_SHARE = 0.9;
export const FINISH_AFTER_SECONDS = 120;

export type ValidationRule =
  | 'video-played-90-percent'
  | 'video-finish-after-120s'
  | 'external-video-timer-90-percent'
  | 'text-finish-after-open'
  | 'quiz-completed'
  | 'scorm-completed';

export type Verdict =
  | { validated: true; rule: ValidationRule; figures: Record<string, number | string> }
  | { validated: false; reason: string };

const no = (reason: string): Verdict => ({ validated: false, reason });
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The server's own view of a video step's playback: when it first saw the step, now, and what this save claimed beyond the bound. */
export interface PlaybackClock {
  firstSeenAt: Date;
  now: Date;
  /** Unique seconds this save claimed that real time does not allow (not credited). */
  ignoredSeconds: number;
}

/** The reason a save claimed more than real time allows. */
export function tooFastReason(ignoredSeconds: number): string {
  return `Lecture trop rapide : ${Math.ceil(ignoredSeconds)} s de vidéo déclarées n’ont pas été comptées, car le temps écoulé depuis l’ouverture de l’étape ne permet pas de les avoir regardées (lecture jusqu’à ×${MAX_PLAYBACK_RATE}). Poursuivez la lecture.`;
}

/** The figures that prove the bound held when a video was validated: its played seconds could have been played in the time the server saw pass. */
function boundFigures(clock: PlaybackClock): Record<string, number | string> {
  const elapsed = elapsedSeconds(clock.firstSeenAt, clock.now);
  return {
    first_seen_at: clock.firstSeenAt.toISOString(),
    validated_at: clock.now.toISOString(),
    elapsed_seconds: round1(elapsed),
    max_rate: MAX_PLAYBACK_RATE,
    allowance_seconds: round1(playbackAllowance(elapsed)),
  };
}

/**
 * A video, uploaded or external whose player reports its played ranges (YouTube IFrame, Vimeo
 * Player): 90 % of its duration in unique seconds played, or the finish button once more than
 * 120 unique seconds were played. The played intervals are those credited, bounded by the server's
 * clock (playback-bound.ts), so both rules rest on time the server saw pass, never on a claim alone.
 */
export function judgeVideo(evidence: { duration: number | null; played: readonly Interval[]; finish: boolean; clock: PlaybackClock }): Verdict {
  const duration = evidence.duration ?? 0;
  const watched = uniqueSeconds(mergeIntervals(evidence.played, duration > 0 ? duration : Number.POSITIVE_INFINITY));
  if (duration > 0 && watched >= VIDEO_SHARE * duration) {
    return {
      validated: true,
      rule: 'video-played-90-percent',
      figures: { unique_seconds: round1(watched), duration: round1(duration), share: round1((100 * watched) / duration), ...boundFigures(evidence.clock) },
    };
  }
  if (evidence.finish && watched > FINISH_AFTER_SECONDS) {
    return { validated: true, rule: 'video-finish-after-120s', figures: { unique_seconds: round1(watched), duration: round1(duration), ...boundFigures(evidence.clock) } };
  }
  if (round1(evidence.clock.ignoredSeconds) > 0) return no(tooFastReason(evidence.clock.ignoredSeconds));
  if (evidence.finish) return no(`Regardez plus de ${FINISH_AFTER_SECONDS} secondes de la vidéo avant de la terminer.`);
  return no('La vidéo n’a pas encore été assez regardée.');
}

/** An external video whose provider reports nothing: the time the step was actually open and active, against 90 % of its duration. */
export function judgeTimedVideo(evidence: { duration: number | null; activeSeconds: number }): Verdict {
  const duration = evidence.duration ?? 0;
  if (duration > 0 && evidence.activeSeconds >= VIDEO_SHARE * duration) {
    return { validated: true, rule: 'external-video-timer-90-percent', figures: { active_seconds: Math.round(evidence.activeSeconds), duration: round1(duration) } };
  }
  return no('La vidéo n’a pas encore été assez regardée.');
}

/** A text: the finish button, once the step has been opened (the server saw it open). */
export function judgeText(evidence: { opened: boolean; finish: boolean }): Verdict {
  if (!evidence.finish) return no('Cliquez sur « Terminer » une fois la lecture achevée.');
  if (!evidence.opened) return no('Ouvrez cette étape avant de la terminer.');
  return { validated: true, rule: 'text-finish-after-open', figures: {} };
}

/** A student's completion of a quiz, as assessment reported it (QuizCompleted). */
export interface QuizCompletion {
  quizId: number;
  score: number;
  total: number;
  attempt: number;
}

/** A quiz step: the assessment context's QuizCompleted for this step's quiz (every question answered). */
export function judgeQuiz(completion: QuizCompletion | null): Verdict {
  if (!completion) return no('Terminez le quiz de cette étape.');
  return { validated: true, rule: 'quiz-completed', figures: { quiz_id: completion.quizId, score: completion.score, total: completion.total, attempt: completion.attempt } };
}

/** What validates a SCORM step, chosen by its trainer per chapter (the default: either). */
export type ScormChoice = 'completed_or_passed' | 'completed' | 'passed';

/**
 * A SCO's statuses as two: completion and success. A 1.2 lesson_status says both: « passed » and
 * « failed » are completed (the learner went through) with that success; « completed » says nothing
 * of success; « incomplete », « browsed », « not attempted » are not completed.
 */
export function scoStatuses(version: '1.2' | '2004', status: { lessonStatus?: string | null; completionStatus?: string | null; successStatus?: string | null }): { completion: string | null; success: string | null } {
  if (version === '2004') return { completion: status.completionStatus ?? null, success: status.successStatus ?? null };
  const lesson = status.lessonStatus ?? null;
  const completed = lesson === 'completed' || lesson === 'passed' || lesson === 'failed';
  return { completion: completed ? 'completed' : lesson, success: lesson === 'passed' || lesson === 'failed' ? lesson : null };
}

const CHOICE_DONE: Record<ScormChoice, (s: { completion: string | null; success: string | null }) => boolean> = {
  completed_or_passed: (s) => s.completion === 'completed' || s.success === 'passed',
  completed: (s) => s.completion === 'completed',
  passed: (s) => s.success === 'passed',
};

const CHOICE_PENDING: Record<ScormChoice, string> = {
  completed_or_passed: 'terminée ou réussie',
  completed: 'terminée',
  passed: 'réussie',
};

/**
 * A SCORM package: every required SCO (not an asset, not hidden) done by the chapter's choice:
 * completed, passed, or either (1.2 lesson_status; 2004 completion_status and success_status, so
 * that a 2004 « completed » + « failed » validates under « completed » or the default, not under « passed »).
 */
export function judgeScorm(
  scos: readonly { id: string; version: '1.2' | '2004'; lessonStatus?: string | null; completionStatus?: string | null; successStatus?: string | null }[],
  choice: ScormChoice = 'completed_or_passed',
): Verdict {
  if (scos.length === 0) return no('Le module n’a encore rien enregistré.');
  const pending = scos.filter((sco) => !CHOICE_DONE[choice](scoStatuses(sco.version, sco)));
  if (pending.length > 0) {
    const many = pending.length > 1;
    const state = CHOICE_PENDING[choice].replace(/e\b/g, many ? 'es' : 'e');
    return no(`Le module n’est pas terminé : ${pending.length} partie${many ? 's' : ''} sur ${scos.length} ${many ? 'ne sont' : 'n’est'} pas encore ${state}.`);
  }
  return { validated: true, rule: 'scorm-completed', figures: { scos: scos.length, choice } };
}

/** What a step is, as the catalogue describes it: what its validation rule depends on. */
export interface StepContent {
  contentType: string;
  /** An uploaded video, a link, or no video. */
  video: 'file' | 'url' | 'none';
  /** The media's duration in seconds (read at upload, or entered). */
  duration: number | null;
  quizId: number | null;
}

/** The step's state the evidence is judged with: its credited intervals merged, opened before this request, its active time, and the server's clock on it. */
export interface StepState {
  played: Interval[];
  openedBefore: boolean;
  activeSeconds: number;
  clock: PlaybackClock;
}

/** Picks the rule of the step's content (docs/learning-progress.md) and judges the evidence. */
export function judgeStep(content: StepContent, state: StepState, evidence: { finish: boolean; quiz: QuizCompletion | null }): Verdict {
  switch (content.contentType) {
    case 'text':
      return judgeText({ opened: state.openedBefore, finish: evidence.finish });
    case 'quiz':
      return judgeQuiz(evidence.quiz);
    case 'scorm':
      // The SCORM runtime's statuses (every SCO) come with the runtime's commits.
      return judgeScorm([]);
    default: {
      // A video: uploaded, or a link whose player reports its played ranges; a link whose
      // provider reported nothing falls back to the step's active time.
      const verdict = judgeVideo({ duration: content.duration, played: state.played, finish: evidence.finish, clock: state.clock });
      if (verdict.validated || content.video === 'file' || state.played.length > 0) return verdict;
      return judgeTimedVideo({ duration: content.duration, activeSeconds: state.activeSeconds });
    }
  }
}
