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
