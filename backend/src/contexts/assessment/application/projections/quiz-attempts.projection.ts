import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { QuestionAnswered, QuizAttemptStarted, QuizCompleted } from '../../contracts/assessment.events.js';

export interface AttemptResultRow extends Record<string, unknown> {
  student_id: number;
  quiz_id: number;
  attempt: number;
  /** The log position of the attempt's first event: a stable id for the attempt. */
  attempt_id: number;
  started_at: string;
  last_answer_at: string | null;
  completed_at: string | null;
  answered: number;
  correct: number;
  /** The quiz's question count when the attempt completed (null while it is in progress). */
  total: number | null;
}

type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;
type AttemptFact = Fact<QuizAttemptStarted> | Fact<QuestionAnswered> | Fact<QuizCompleted>;

/**
 * One row per attempt of a student at a quiz, with its answers counted, its score and its times:
 * what a trainer reads of a quiz's attempts. A reset needs no row of its own: the next attempt
 * starts with its first answer.
 */
export const quizAttemptsProjection: Projection<AttemptResultRow, AttemptFact> = {
  name: 'assessment.quiz-attempts',
  table: 'assessment.attempt_result',
  primaryKey: ['student_id', 'quiz_id', 'attempt'],
  handles: ['QuizAttemptStarted', 'QuestionAnswered', 'QuizCompleted'],
  key: (event) => ({ student_id: event.payload.studentId, quiz_id: event.payload.quizId, attempt: event.payload.attempt }),
  evolve: (row, event) => {
    const { studentId, quizId, attempt } = event.payload;
    if (event.type === 'QuizAttemptStarted') {
      return {
        student_id: studentId, quiz_id: quizId, attempt, attempt_id: event.position, started_at: event.occurredAt,
        last_answer_at: null, completed_at: null, answered: 0, correct: 0, total: null,
      };
    }
    if (!row) return null;
    if (event.type === 'QuestionAnswered') {
      return { ...row, answered: row.answered + 1, correct: row.correct + (event.payload.correct ? 1 : 0), last_answer_at: event.occurredAt };
    }
    return { ...row, completed_at: event.occurredAt, total: event.payload.total, correct: event.payload.score };
  },
};
