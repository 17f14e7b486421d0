import { Query } from '@nestjs/cqrs';

/** An answer as the student gave it: the question, the option chosen and whether it was right. */
export interface TranscriptAnswer {
  question_id: number;
  question: string;
  chosen: string;
  correct: boolean;
  answered_at: string;
}

/** One attempt at a quiz (attempts are kept across resets): its dates, score and answers. */
export interface TranscriptQuizAttempt {
  quiz_id: number;
  quiz_title: string;
  attempt: number;
  started_at: string;
  completed_at: string | null;
  answered: number;
  correct: number;
  /** The quiz's questions when the attempt was completed (its live questions while under way). */
  total: number;
  /**
   * The server's verdict when the attempt closed (ADR 0043), from its QuizCompleted: passed or not
   * against `pass_mark`, the pass mark in force then (null: « sans seuil », a quiz without one, or an
   * attempt closed before pass marks existed, which passed); both null while under way.
   */
  passed: boolean | null;
  pass_mark: number | null;
  /** How it closed: every question answered, or its time limit passed (null: under way, or closed before ADR 0043). */
  closed_by: 'answers' | 'time-limit' | null;
  /** When the quiz's trainer (or an admin) validated the quiz by hand after this attempt, the last allowed (null: not). */
  validated_by_trainer_at: string | null;
  answers: TranscriptAnswer[];
}

/**
 * Every attempt of a student at the quizzes of a course, for the transcript (issue 26, ADR 0034):
 * the quizzes assigned to the course and those its steps name (`quizIds`, from the catalogue's
 * outline). No reader check: the evidence context asks after checking who reads.
 */
export class GetQuizTranscript extends Query<TranscriptQuizAttempt[]> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
    readonly quizIds: readonly number[],
  ) {
    super();
  }
}
