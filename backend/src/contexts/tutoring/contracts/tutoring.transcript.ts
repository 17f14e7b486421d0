import { Query } from '@nestjs/cqrs';

/** A message of the assistance log: who wrote it, when, and for a trainer's, how long after the student's first unanswered one. */
export interface TranscriptMessage {
  id: number;
  teacher_id: number;
  sender: 'student' | 'teacher';
  sent_at: string;
  /** Sent to several students at once by the trainer. */
  group: boolean;
  /** The text as written (shown to the learner, the course's trainer and admins; never put in an event). */
  body: string;
  /** A trainer's message answering a student's: seconds since the student's first message it answers; null otherwise (a group message is not a reply). */
  response_seconds: number | null;
}

/** Homework the trainer gave the student, and whether and when it was done. */
export interface TranscriptHomework {
  id: number;
  teacher_id: number;
  title: string;
  detail: string;
  given_at: string;
  completed_at: string | null;
  done: boolean;
}

export interface TutoringTranscript {
  messages: TranscriptMessage[];
  homework: TranscriptHomework[];
}

/**
 * The assistance log between a student and trainers (`teacherIds`: the course's) and the homework
 * they gave, for the transcript (issue 26, ADR 0034). Conversations are per trainer and student,
 * not per course. No reader check: the evidence context asks after checking who reads.
 */
export class GetTutoringTranscript extends Query<TutoringTranscript> {
  constructor(
    readonly studentId: number,
    readonly teacherIds: readonly number[],
  ) {
    super();
  }
}
