import { mergeIntervals, uniqueSeconds, type Interval } from './played-intervals.js';

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

/**
 * A video, uploaded or external whose player reports its played ranges (YouTube IFrame, Vimeo
 * Player): 90 % of its duration in unique seconds played, or the finish button once more than
 * 120 unique seconds were played.
 */
export function judgeVideo(evidence: { duration: number | null; played: readonly Interval[]; finish: boolean }): Verdict {
  const duration = evidence.duration ?? 0;
  const watched = uniqueSeconds(mergeIntervals(evidence.played, duration > 0 ? duration : Number.POSITIVE_INFINITY));
  if (duration > 0 && watched >= VIDEO_SHARE * duration) {
    return { validated: true, rule: 'video-played-90-percent', figures: { unique_seconds: round1(watched), duration: round1(duration), share: round1((100 * watched) / duration) } };
  }
  if (evidence.finish && watched > FINISH_AFTER_SECONDS) {
    return { validated: true, rule: 'video-finish-after-120s', figures: { unique_seconds: round1(watched), duration: round1(duration) } };
  }
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

/** A quiz step: the assessment context's QuizCompleted for this step's quiz (every question answered). */
export function judgeQuiz(completion: { quizId: number; score: number; total: number; attempt: number } | null): Verdict {
  if (!completion) return no('Terminez le quiz de cette étape.');
  return { validated: true, rule: 'quiz-completed', figures: { quiz_id: completion.quizId, score: completion.score, total: completion.total, attempt: completion.attempt } };
}

const DONE_1_2 = new Set(['completed', 'passed']);

/** A SCORM package: every SCO reports completed or passed (1.2 lesson_status; 2004 completion_status or success_status). */
export function judgeScorm(scos: readonly { id: string; version: '1.2' | '2004'; lessonStatus?: string | null; completionStatus?: string | null; successStatus?: string | null }[]): Verdict {
  if (scos.length === 0) return no('Le module n’a encore rien enregistré.');
  const done = (sco: (typeof scos)[number]) =>
    sco.version === '1.2' ? DONE_1_2.has(sco.lessonStatus ?? '') : sco.completionStatus === 'completed' || sco.successStatus === 'passed';
  const pending = scos.filter((sco) => !done(sco));
  if (pending.length > 0) return no(`Le module n’est pas terminé (${pending.length} partie${pending.length > 1 ? 's' : ''} sur ${scos.length}).`);
  return { validated: true, rule: 'scorm-completed', figures: { scos: scos.length } };
}
