import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { QuizCompleted } from '../../../assessment/contracts/assessment.events.js';

export interface QuizCompletionRow extends Record<string, unknown> {
  student_id: number;
  quiz_id: number;
  attempt: number;
  score: number;
  total: number;
  course_id: number | null;
  completed_at: string | Date;
}

/** Every quiz a student completed (assessment's QuizCompleted): the evidence of a quiz step, whenever the step is opened. */
export const quizCompletionProjection: Projection<QuizCompletionRow, RecordedEvent<QuizCompleted['type'], QuizCompleted['payload']>> = {
  name: 'learning-progress.quiz-completion',
  table: 'progress.quiz_completion',
  primaryKey: ['student_id', 'quiz_id', 'attempt'],
  handles: ['QuizCompleted'],
  key: (event) => ({ student_id: event.payload.studentId, quiz_id: event.payload.quizId, attempt: event.payload.attempt }),
  evolve: (_row, event) => ({
    student_id: event.payload.studentId, quiz_id: event.payload.quizId, attempt: event.payload.attempt, score: event.payload.score,
    total: event.payload.total, course_id: event.payload.courseId, completed_at: event.occurredAt,
  }),
};
