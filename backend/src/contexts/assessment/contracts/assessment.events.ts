/**
 * Events of the assessment context (docs/event-catalogue.md). Payloads carry ids and values only:
 * no question or answer text (a chosen answer is its number, 1 to 4).
 * The learning-progress context will read QuizCompleted (courseId, chapterId, subchapterId) to
 * validate a quiz step: keep those fields.
 */
export const QUIZ_STREAM = 'assessment.quiz';
export const STUDENT_QUIZ_STREAM = 'assessment.student-quiz';

export interface QuizCreated {
  type: 'QuizCreated';
  payload: { quizId: number; teacherId: number | null };
}
export interface QuizUpdated {
  type: 'QuizUpdated';
  payload: { quizId: number };
}
export interface QuizArchived {
  type: 'QuizArchived';
  payload: { quizId: number };
}
export interface QuizDeleted {
  type: 'QuizDeleted';
  payload: { quizId: number };
}
export interface QuestionAdded {
  type: 'QuestionAdded';
  payload: { quizId: number; questionId: number; order: number };
}
export interface QuestionChanged {
  type: 'QuestionChanged';
  payload: { quizId: number; questionId: number; rightAnswer: number };
}
export interface QuestionRemoved {
  type: 'QuestionRemoved';
  payload: { quizId: number; questionId: number; archived: boolean };
}
export interface QuizAssignedToCourse {
  type: 'QuizAssignedToCourse';
  payload: { quizId: number; courseId: number };
}
export interface QuizUnassignedFromCourse {
  type: 'QuizUnassignedFromCourse';
  payload: { quizId: number; courseId: number };
}
export interface QuizAttemptStarted {
  type: 'QuizAttemptStarted';
  payload: { studentId: number; quizId: number; attempt: number };
}
export interface QuestionAnswered {
  type: 'QuestionAnswered';
  payload: { studentId: number; quizId: number; attempt: number; questionId: number; chosen: number; correct: boolean };
}
export interface QuizCompleted {
  type: 'QuizCompleted';
  payload: {
    studentId: number; quizId: number; attempt: number; score: number; total: number;
    /** Where the quiz was taken from, when the player says so (the step it validates). */
    courseId: number | null; chapterId: number | null; subchapterId: number | null;
  };
}
export interface QuizAttemptsReset {
  type: 'QuizAttemptsReset';
  payload: { studentId: number; quizId: number; attempt: number };
}

export type QuizEvent =
  | QuizCreated | QuizUpdated | QuizArchived | QuizDeleted | QuestionAdded | QuestionChanged | QuestionRemoved
  | QuizAssignedToCourse | QuizUnassignedFromCourse;
export type StudentQuizEvent = QuizAttemptStarted | QuestionAnswered | QuizCompleted | QuizAttemptsReset;
