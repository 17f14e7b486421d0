import { Query } from '@nestjs/cqrs';
import type { SupportCategory, SupportStaffRole, SupportStatus } from './tutoring.events.js';

/** An answer to a support request, for the transcript. */
export interface SupportTranscriptAnswer {
  author_role: SupportStaffRole;
  /** The trainer's id when a trainer answered (the transcript names them); null for an admin. */
  teacher_id: number | null;
  answered_at: string;
  /** The text as written (shown to the learner, the course's trainer, admins; never in an event). */
  body: string;
}

/** A technical-support request of the learner, for the transcript and the dossier (docs/adr/0037). */
export interface SupportTranscriptRequest {
  id: number;
  /** false: opened without a course (« sans formation précisée »), listed in each course followed at the time. */
  course_specified: boolean;
  category: SupportCategory;
  step_kind: 'chapter' | 'subchapter' | null;
  step_id: number | null;
  opened_at: string;
  body: string;
  status: SupportStatus;
  first_answered_at: string | null;
  /** Who gave the first answer. */
  first_answer_role: SupportStaffRole | null;
  /** Seconds from the opening to the first answer, by the server's clock. */
  response_seconds: number | null;
  resolved_at: string | null;
  answers: SupportTranscriptAnswer[];
}

/**
 * The learner's technical-support requests for a course's transcript: those about the course, and
 * those without a course opened within `withoutCourse` (from the enrolment, or the first access when
 * unenrolled since, to the course's end for the learner — completion, or last access once unenrolled
 * — or now; null: none of these). No reader check: the evidence context asks after checking who reads.
 */
export class GetSupportTranscript extends Query<SupportTranscriptRequest[]> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
    readonly withoutCourse: { since: Date; until: Date | null } | null,
  ) {
    super();
  }
}
