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
  /** sha256 of the title and detail (title, a line feed, detail). */
  payload: { assignmentId: number; teacherId: number; studentId: number; sha256: string };
}
export interface AssignmentCompleted {
  type: 'AssignmentCompleted';
  payload: { assignmentId: number; teacherId: number; studentId: number };
}
export type HomeworkEvent = AssignmentGiven | AssignmentCompleted;

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
