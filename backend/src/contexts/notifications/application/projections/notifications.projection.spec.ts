import { recorded, replay } from '../../../../platform/testing/projection-replay.js';
import { notificationsProjection, type NotificationRow } from './notifications.projection.js';

// An ignored event (key null) leaves no row: the runner skips it; the replay helper keeps its null.
const rows = (...events: ReturnType<typeof recorded>[]) => (replay(notificationsProjection as never, events) as (NotificationRow | null)[]).filter((r) => r !== null);
const at = '2026-11-27T08:00:00.000Z';

describe('notifications.notification', () => {
  it('sends a message to the other side of the conversation', () => {
    const [toStudent, toTeacher] = rows(
      recorded('MessageSent', { conversationId: 3, messageId: 1, teacherId: 5, studentId: 9, from: 'teacher', sha256: 'x', length: 2, groupId: null }, at),
      recorded('MessageSent', { conversationId: 3, messageId: 2, teacherId: 5, studentId: 9, from: 'student', sha256: 'x', length: 2, groupId: null }, at),
    );
    expect(toStudent).toMatchObject({ kind: 'message', recipient_role: 'student', recipient_id: 9, teacher_id: 5, subject_id: 3, to_course_trainer: false, occurred_at: at });
    expect(toTeacher).toMatchObject({ kind: 'message', recipient_role: 'teacher', recipient_id: 5, student_id: 9, subject_id: 3 });
    expect(toTeacher.position).toBe(toStudent.position + 1);
  });

  it('homework given to the student, completed to the trainer', () => {
    const [given, completed] = rows(
      recorded('AssignmentGiven', { assignmentId: 4, teacherId: 5, studentId: 9, sha256: 'x' }),
      recorded('AssignmentCompleted', { assignmentId: 4, teacherId: 5, studentId: 9 }),
    );
    expect(given).toMatchObject({ kind: 'homework_given', recipient_role: 'student', recipient_id: 9, subject_id: 4 });
    expect(completed).toMatchObject({ kind: 'homework_completed', recipient_role: 'teacher', recipient_id: 5, subject_id: 4 });
  });

  it('a support request goes to admins, and to the course trainer only when it names a course; the answer to the learner', () => {
    const [withCourse, without, answered] = rows(
      recorded('SupportRequestOpened', { requestId: 1, studentId: 9, category: 'video', courseId: 12, stepKind: null, stepId: null, sha256: 'x', length: 3 }),
      recorded('SupportRequestOpened', { requestId: 2, studentId: 9, category: 'autre', courseId: null, stepKind: null, stepId: null, sha256: 'x', length: 3 }),
      recorded('SupportRequestAnswered', { requestId: 1, answerId: 1, studentId: 9, courseId: 12, answererId: 1, answererRole: 'admin', sha256: 'x', length: 3, responseSeconds: 5 }),
    );
    expect(withCourse).toMatchObject({ kind: 'support_opened', recipient_role: 'admin', recipient_id: null, to_course_trainer: true, course_id: 12, subject_id: 1 });
    expect(without).toMatchObject({ kind: 'support_opened', recipient_role: 'admin', to_course_trainer: false, course_id: null });
    expect(answered).toMatchObject({ kind: 'support_answered', recipient_role: 'student', recipient_id: 9, course_id: 12, subject_id: 1 });
  });

  it('a trainer who registered goes to admins; a quiz result to the course trainer with its score, none without a course', () => {
    const result = rows(
      recorded('TeacherRegistered', { accountId: 30, teacherId: 6 }),
      recorded('QuizCompleted', { studentId: 9, quizId: 2, attempt: 1, score: 3, total: 4, courseId: 12, chapterId: null, subchapterId: null }),
      recorded('QuizCompleted', { studentId: 9, quizId: 2, attempt: 2, score: 4, total: 4, courseId: null, chapterId: null, subchapterId: null }),
    );
    expect(result).toHaveLength(2);
    expect(notificationsProjection.key(recorded('QuizCompleted', { studentId: 9, quizId: 2, attempt: 3, score: 0, total: 4, courseId: null, chapterId: null, subchapterId: null }) as never)).toBeNull();
    expect(result[0]).toMatchObject({ kind: 'trainer_registered', recipient_role: 'admin', teacher_id: 6 });
    expect(result[1]).toMatchObject({ kind: 'quiz_completed', recipient_role: 'teacher', recipient_id: null, to_course_trainer: true, course_id: 12, subject_id: 2, score: 3, total: 4 });
  });

  it('homework handed in again goes to the trainer (the first hand-in is its AssignmentCompleted), a grade to the learner', () => {
    const submission = (number: number) => ({ assignmentId: 4, submissionId: number, teacherId: 5, studentId: 9, number, sha256: 'x', length: 2, files: [], dueAt: null, late: false });
    const result = rows(
      recorded('AssignmentSubmitted', submission(1)),
      recorded('AssignmentSubmitted', submission(2)),
      recorded('AssignmentGraded', { assignmentId: 4, teacherId: 5, studentId: 9, gradedById: 5, gradedByRole: 'teacher', grade: 14.5, outOf: 20, submissionId: 2, feedbackSha256: null, feedbackLength: 0 }),
    );
    expect(result).toHaveLength(2);
    expect(result[0]).toMatchObject({ kind: 'homework_submitted', recipient_role: 'teacher', recipient_id: 5, student_id: 9, subject_id: 4 });
    expect(result[1]).toMatchObject({ kind: 'homework_graded', recipient_role: 'student', recipient_id: 9, teacher_id: 5, subject_id: 4 });
  });

  it('a learner out of attempts is told when the trainer grants one more or validates the quiz by hand', () => {
    const [granted, validated] = rows(
      recorded('QuizAttemptGranted', { studentId: 9, quizId: 2, allowed: 3 }),
      recorded('QuizValidatedByTrainer', { studentId: 9, quizId: 2, attempt: 2, score: 1, total: 4, courseId: 12, chapterId: null, subchapterId: null, reasonCategory: 'evaluation-orale', reasonHash: 'h' }),
    );
    expect(granted).toMatchObject({ kind: 'quiz_attempt_granted', recipient_role: 'student', recipient_id: 9, subject_id: 2 });
    expect(validated).toMatchObject({ kind: 'quiz_validated', recipient_role: 'student', recipient_id: 9, course_id: 12, subject_id: 2 });
    expect(JSON.stringify(validated)).not.toContain('evaluation-orale');
  });

  it('carries no free text: every column is an id, a value or a time', () => {
    const [row] = rows(recorded('AssignmentGiven', { assignmentId: 4, teacherId: 5, studentId: 9, sha256: 'secret-hash' }));
    expect(Object.keys(row).sort()).toEqual(
      ['course_id', 'kind', 'occurred_at', 'position', 'recipient_id', 'recipient_role', 'score', 'student_id', 'subject_id', 'teacher_id', 'to_course_trainer', 'total'],
    );
    expect(JSON.stringify(row)).not.toContain('secret-hash');
  });
});
