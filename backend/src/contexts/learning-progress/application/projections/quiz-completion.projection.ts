import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { QuizCompleted, QuizValidatedByTrainer } from '../../../assessment/contracts/assessment.events.js';

export interface QuizCompletionRow extends Record<string, unknown> {
  student_id: number;
  quiz_id: number;
  attempt: number;
  score: number;
  total: number;
  course_id: number | null;
  completed_at: string | Date;
}

type CompletionFact =
  | RecordedEvent<QuizCompleted['type'], QuizCompleted['payload']>
  | RecordedEvent<QuizValidatedByTrainer['type'], QuizValidatedByTrainer['payload']>;

/**
 * Every quiz a student passed (assessment's QuizCompleted at or above the pass mark, or validated by
 * their trainer by hand, ADR 0043): the evidence of a quiz step, whenever the step is opened.
 */
export const quizCompletionProjection: Projection<QuizCompletionRow, CompletionFact> = {
  name: 'learning-progress.quiz-completion',
  table: 'progress.quiz_completion',
  primaryKey: ['student_id', 'quiz_id', 'attempt'],
  handles: ['QuizCompleted', 'QuizValidatedByTrainer'],
  key: (event) => ({ student_id: event.payload.studentId, quiz_id: event.payload.quizId, attempt: event.payload.attempt }),
  evolve: (row, event) => (event.type === 'QuizCompleted' && event.payload.passed === false ? row : {
    student_id: event.payload.studentId, quiz_id: event.payload.quizId, attempt: event.payload.attempt, score: event.payload.score,
    total: event.payload.total, course_id: event.payload.courseId, completed_at: event.occurredAt,
  }),
};
