/*
 * Tutoring's events (docs/event-catalogue.md). No message or homework text in any event: a
 * message is proven by the sha256 of its text (UTF-8), kept with the text in tutoring.message,
 * so the log shows that it existed, when, between whom, and that it was not altered since.
 * The catalogue reads TrainerAssignedToStudent / TrainerUnassignedFromStudent (trainer dashboard) as its
 * contracts declare them (catalogue.reads.ts); ../catalogue-reads.ts fails to compile when these stop matching.
 */
export const TUTORSHIP_STREAM = 'tutoring.tutorship';
export const CONVERSATION_STREAM = 'tutoring.conversation';
export const HOMEWORK_STREAM = 'tutoring.homework';

export type Side = 'student' | 'teacher';

export interface TrainerAssignedToStudent {
  type: 'TrainerAssignedToStudent';
  /** origin: an admin's assignment, or the enrolment in a course of the trainer (courseId). */
  payload: { tutorshipId: number; teacherId: number; studentId: number; origin: 'admin' | 'enrolment'; courseId: number | null };
}
export interface TrainerUnassignedFromStudent {
  type: 'TrainerUnassignedFromStudent';
  payload: { tutorshipId: number; teacherId: number; studentId: number };
}
export type TutorshipEvent = TrainerAssignedToStudent | TrainerUnassignedFromStudent;

export interface MessageSent {
  type: 'MessageSent';
  payload: {
    conversationId: number; messageId: number; teacherId: number; studentId: number; from: Side;
    /** sha256 (hex) of the text as stored, and its length in characters. */
    sha256: string; length: number;
    /** The group message it is part of (one MessageSent per recipient, same groupId), or null. */
    groupId: string | null;
  };
}
export interface MessagesRead {
  type: 'MessagesRead';
  payload: { conversationId: number; teacherId: number; studentId: number; reader: Side; upToMessageId: number };
}
export interface RecipientNotified {
  type: 'RecipientNotified';
  payload: { conversationId: number; teacherId: number; studentId: number; recipient: Side; upToMessageId: number };
}
export type ConversationEvent = MessageSent | MessagesRead | RecipientNotified;

export interface AssignmentGiven {
  type: 'AssignmentGiven';
  /**
   * sha256 of the title and detail (title, a line feed, detail). dueAt (ISO 8601, issue 28,
   * docs/adr/0044): the due date the trainer set, or null; absent from events recorded before it.
   */
  payload: { assignmentId: number; teacherId: number; studentId: number; sha256: string; dueAt?: string | null };
}
export interface AssignmentCompleted {
  type: 'AssignmentCompleted';
  payload: { assignmentId: number; teacherId: number; studentId: number };
}
/** One file of a submission: its id (tutoring.homework_file), SHA-256 of its bytes, size in bytes and type detected from its content. */
export interface SubmittedFile {
  fileId: number;
  sha256: string;
  size: number;
  contentType: string;
}
/**
 * The learner hands in their work (docs/adr/0044): every submission is kept (number 1, 2, …).
 * No text: the SHA-256 (UTF-8) of the answer as stored ('' when only files) and its length; late
 * when the server's clock was past the due date.
 */
export interface AssignmentSubmitted {
  type: 'AssignmentSubmitted';
  payload: {
    assignmentId: number; submissionId: number; teacherId: number; studentId: number; number: number;
    sha256: string; length: number; files: SubmittedFile[];
    dueAt: string | null; late: boolean;
  };
}
/**
 * The trainer (or an admin) grades the work: a grade out of `outOf` (20), in steps of 0.5; the
 * SHA-256 of the feedback and its length (null and 0 without feedback); the latest submission graded
 * (null for work marked done without one). A later grade corrects it; each is kept as its event.
 */
export interface AssignmentGraded {
  type: 'AssignmentGraded';
  payload: {
    assignmentId: number; teacherId: number; studentId: number; gradedById: number; gradedByRole: 'teacher' | 'admin';
    grade: number; outOf: 20; submissionId: number | null; feedbackSha256: string | null; feedbackLength: number;
  };
}
export type HomeworkEvent = AssignmentGiven | AssignmentCompleted | AssignmentSubmitted | AssignmentGraded;

export type TutoringEvent = TutorshipEvent | ConversationEvent | HomeworkEvent | SupportRequestEvent;

/*
 * Technical-support requests (issue 26 item 5, docs/adr/0037): a learner asks for technical help; an
 * admin or the course's trainer answers; it is marked resolved. No text in any event: the SHA-256
 * of each text (UTF-8, as stored in tutoring.support_request / support_answer) and its length.
 */
export const SUPPORT_REQUEST_STREAM = 'tutoring.support-request';
export const SUPPORT_CATEGORIES = ['connexion', 'video', 'scorm', 'quiz', 'autre'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export type SupportStatus = 'ouverte' | 'repondue' | 'resolue';
export type SupportStaffRole = 'admin' | 'teacher';

export interface SupportRequestOpened {
  type: 'SupportRequestOpened';
  payload: {
    requestId: number; studentId: number; category: SupportCategory;
    /** The course (one of the learner's enrolments) and step it is about, or null. */
    courseId: number | null; stepKind: 'chapter' | 'subchapter' | null; stepId: number | null;
    sha256: string; length: number;
  };
}
export interface SupportRequestAnswered {
  type: 'SupportRequestAnswered';
  payload: {
    requestId: number; answerId: number; studentId: number; courseId: number | null;
    answererId: number; answererRole: SupportStaffRole;
    sha256: string; length: number;
    /** For the first answer: seconds from the opening to it, by the server's clock; null for later ones. */
    responseSeconds: number | null;
  };
}
export interface SupportRequestResolved {
  type: 'SupportRequestResolved';
  payload: { requestId: number; studentId: number; courseId: number | null; resolvedById: number; resolvedByRole: SupportStaffRole };
}
export type SupportRequestEvent = SupportRequestOpened | SupportRequestAnswered | SupportRequestResolved;
