import type { Projection, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { QuizAttemptGranted, QuizCompleted, QuizValidatedByTrainer } from '../../../assessment/contracts/assessment.events.js';
import type { IdentityEvent } from '../../../identity/contracts/identity.events.js';
import type {
  AssignmentCompleted,
  AssignmentGiven,
  AssignmentGraded,
  AssignmentSubmitted,
  MessageSent,
  SupportRequestAnswered,
  SupportRequestOpened,
} from '../../../tutoring/contracts/tutoring.events.js';
import type { NotificationKind } from '../../contracts/notifications.events.js';

type Fact<E extends { type: string; payload: object }> = RecordedEvent<E['type'], E['payload']>;
type TeacherRegistered = Extract<IdentityEvent, { type: 'TeacherRegistered' }>;
type Handled =
  | Fact<MessageSent>
  | Fact<AssignmentGiven>
  | Fact<AssignmentCompleted>
  | Fact<SupportRequestOpened>
  | Fact<SupportRequestAnswered>
  | Fact<TeacherRegistered>
  | Fact<QuizCompleted>
  | Fact<AssignmentSubmitted>
  | Fact<AssignmentGraded>
  | Fact<QuizAttemptGranted>
  | Fact<QuizValidatedByTrainer>;

export type RecipientRole = 'student' | 'teacher' | 'admin';

/**
 * One notification: the event's position, who it is for, what it is about, by ids and values only
 * (no text: names and titles are read when the bell opens). `recipient_id` null: every account of
 * the role (admins), or nobody by id when only `to_course_trainer` names the recipient.
 */
export interface NotificationRow extends Record<string, unknown> {
  position: number;
  kind: NotificationKind;
  recipient_role: RecipientRole;
  recipient_id: number | null;
  /** Also for the trainer who owns `course_id` when the bell is read (catalogue.course_summary). */
  to_course_trainer: boolean;
  course_id: number | null;
  student_id: number | null;
  teacher_id: number | null;
  /** The conversation, assignment, support request or quiz it is about. */
  subject_id: number | null;
  /** A quiz's score and number of questions. */
  score: number | null;
  total: number | null;
  occurred_at: string | Date;
}

interface Mapped {
  kind: NotificationKind;
  recipient_role: RecipientRole;
  recipient_id: number | null;
  subject_id: number | null;
  to_course_trainer?: boolean;
  course_id?: number | null;
  student_id?: number | null;
  teacher_id?: number | null;
  score?: number | null;
  total?: number | null;
}

/** Each kind of event, to whom and about what; null: no notification. Adding a kind is one entry here. */
const MAPPINGS: { [T in Handled['type']]: (payload: Extract<Handled, { type: T }>['payload']) => Mapped | null } = {
  // To the other side of the conversation (a group message is one event per student).
  MessageSent: (p) =>
    p.from === 'teacher'
      ? { kind: 'message', recipient_role: 'student', recipient_id: p.studentId, student_id: p.studentId, teacher_id: p.teacherId, subject_id: p.conversationId }
      : { kind: 'message', recipient_role: 'teacher', recipient_id: p.teacherId, student_id: p.studentId, teacher_id: p.teacherId, subject_id: p.conversationId },
  AssignmentGiven: (p) => ({ kind: 'homework_given', recipient_role: 'student', recipient_id: p.studentId, student_id: p.studentId, teacher_id: p.teacherId, subject_id: p.assignmentId }),
  AssignmentCompleted: (p) => ({ kind: 'homework_completed', recipient_role: 'teacher', recipient_id: p.teacherId, student_id: p.studentId, teacher_id: p.teacherId, subject_id: p.assignmentId }),
  // To every admin, and to the course's trainer when the request names a course.
  SupportRequestOpened: (p) => ({
    kind: 'support_opened', recipient_role: 'admin', recipient_id: null, to_course_trainer: p.courseId !== null, course_id: p.courseId, student_id: p.studentId, subject_id: p.requestId,
  }),
  SupportRequestAnswered: (p) => ({ kind: 'support_answered', recipient_role: 'student', recipient_id: p.studentId, course_id: p.courseId, student_id: p.studentId, subject_id: p.requestId }),
  // Work handed in again (ADR 0044): the first hand-in is also AssignmentCompleted, notified above, so only the later versions.
  AssignmentSubmitted: (p) =>
    p.number < 2 ? null : { kind: 'homework_submitted', recipient_role: 'teacher', recipient_id: p.teacherId, student_id: p.studentId, teacher_id: p.teacherId, subject_id: p.assignmentId },
  AssignmentGraded: (p) => ({ kind: 'homework_graded', recipient_role: 'student', recipient_id: p.studentId, student_id: p.studentId, teacher_id: p.teacherId, subject_id: p.assignmentId }),
  // A learner out of attempts (ADR 0043): one more attempt, or the quiz validated by hand.
  QuizAttemptGranted: (p) => ({ kind: 'quiz_attempt_granted', recipient_role: 'student', recipient_id: p.studentId, student_id: p.studentId, subject_id: p.quizId }),
  QuizValidatedByTrainer: (p) => ({ kind: 'quiz_validated', recipient_role: 'student', recipient_id: p.studentId, course_id: p.courseId, student_id: p.studentId, subject_id: p.quizId }),
  // A trainer's request awaiting the centre's decision (docs/adr/0030): every admin.
  TeacherRegistered: (p) => ({ kind: 'trainer_registered', recipient_role: 'admin', recipient_id: null, teacher_id: p.teacherId, subject_id: p.teacherId }),
  // To the course's trainer, resolved when read; a quiz taken outside a course notifies nobody.
  QuizCompleted: (p) =>
    p.courseId === null
      ? null
      : { kind: 'quiz_completed', recipient_role: 'teacher', recipient_id: null, to_course_trainer: true, course_id: p.courseId, student_id: p.studentId, subject_id: p.quizId, score: p.score, total: p.total },
};

export const NOTIFIED_EVENTS = Object.keys(MAPPINGS) as Handled['type'][];

function map(event: Handled): Mapped | null {
  return (MAPPINGS[event.type] as (payload: object) => Mapped | null)(event.payload);
}

/** The bell's rows: one per event that notifies someone, keyed by the event's position (docs/adr/0046). */
export const notificationsProjection: Projection<NotificationRow, Handled> = {
  name: 'notifications.notification',
  table: 'notifications.notification',
  primaryKey: ['position'],
  handles: NOTIFIED_EVENTS,
  key: (event) => (map(event) ? { position: event.position } : null),
  evolve: (row, event) => {
    const mapped = map(event);
    if (!mapped) return row;
    return {
      to_course_trainer: false, course_id: null, student_id: null, teacher_id: null, score: null, total: null,
      ...mapped,
      position: event.position,
      occurred_at: event.occurredAt,
    };
  },
};
