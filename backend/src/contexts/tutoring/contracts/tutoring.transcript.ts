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

/** A file handed in: its name as sent, size and SHA-256 (the same as in its AssignmentSubmitted event). */
export interface TranscriptHomeworkFile {
  file_name: string;
  size: number;
  sha256: string;
}

/** One hand-in (« travaux réalisés », docs/adr/0044): when, late or not, the SHA-256 of its answer, its files. */
export interface TranscriptSubmission {
  number: number;
  submitted_at: string;
  late: boolean;
  sha256: string;
  files: TranscriptHomeworkFile[];
}

/** Homework the trainer gave the student, whether and when it was done, the work handed in and its grade out of 20. */
export interface TranscriptHomework {
  id: number;
  teacher_id: number;
  title: string;
  detail: string;
  given_at: string;
  completed_at: string | null;
  done: boolean;
  due_at: string | null;
  submissions: TranscriptSubmission[];
  grade: number | null;
  out_of: number;
  feedback: string | null;
  graded_at: string | null;
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
