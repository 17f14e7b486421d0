import type { OutlineStep } from '../../catalogue/contracts/catalogue.queries.js';
import type { StepState } from '../domain/course-progress.aggregate.js';
import { judgeQuiz, judgeScorm, judgeText, judgeTimedVideo, judgeVideo, type Verdict } from '../domain/validation-rules.js';

export interface StepEvidence {
  finish: boolean;
  /** The step's quiz completed (progress.quiz_completion), for a quiz step. */
  quiz: { quizId: number; score: number; total: number; attempt: number } | null;
}

/** Picks the rule of the step's content (docs/learning-progress.md) and judges the evidence gathered. */
export function judgeStep(info: OutlineStep, state: StepState, evidence: StepEvidence): Verdict {
  switch (info.content_type) {
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
      const verdict = judgeVideo({ duration: info.duration, played: state.played, finish: evidence.finish });
      if (verdict.validated || info.video === 'file' || state.played.length > 0) return verdict;
      return judgeTimedVideo({ duration: info.duration, activeSeconds: state.activeSeconds });
    }
  }
}
