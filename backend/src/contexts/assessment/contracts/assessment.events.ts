/**
 * Events of the assessment context (docs/event-catalogue.md). Payloads carry ids and values only:
 * no question or answer text (a chosen answer is its number, 1 to 4).
 * The learning-progress context will read QuizCompleted (courseId, chapterId, subchapterId) to
 * validate a quiz step: keep those fields.
 */
export const QUIZ_STREAM = 'assessment.quiz';
export const STUDENT_QUIZ_STREAM = 'assessment.student-quiz';

/** A quiz's rules as an evaluation (ADR 0043), null: none. Absent from the events written before them. */
export interface QuizRulesValues {
  passMark?: number | null;
  maxAttempts?: number | null;
  timeLimitMinutes?: number | null;
}
export interface QuizCreated {
  type: 'QuizCreated';
  payload: { quizId: number; teacherId: number | null } & QuizRulesValues;
}
export interface QuizUpdated {
  type: 'QuizUpdated';
  payload: { quizId: number } & QuizRulesValues;
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
  /** `deadline`: when a time-limited attempt closes (the server's clock at its start + the limit). */
  payload: { studentId: number; quizId: number; attempt: number; deadline?: string | null };
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
    /**
     * Whether the score reaches the quiz's pass mark (ADR 0043; true when it has none). Absent from
     * the events written before pass marks: those passed. A quiz step validates only when passed.
     */
    passed?: boolean;
    passMark?: number | null;
    /** How the attempt closed: every question answered, or its time limit reached (the rest counted wrong). */
    closedBy?: 'answers' | 'time-limit';
  };
}
/** The learner used every attempt allowed and the last is below the pass mark: their trainer is alerted. */
export interface QuizAttemptsExhausted {
  type: 'QuizAttemptsExhausted';
  payload: { studentId: number; quizId: number; attempt: number; allowed: number };
}
/** The quiz's trainer (or an admin) granted the learner one more attempt. */
export interface QuizAttemptGranted {
  type: 'QuizAttemptGranted';
  payload: { studentId: number; quizId: number; allowed: number };
}
/**
 * The quiz's trainer (or an admin) validated it by hand for a learner out of attempts, with a
 * reason: its category and the SHA-256 of its text (the text stays in assessment's records).
 * Carries the place and score of the last attempt, like QuizCompleted: learning-progress validates
 * the step it was taken from.
 */
export interface QuizValidatedByTrainer {
  type: 'QuizValidatedByTrainer';
  payload: {
    studentId: number; quizId: number; attempt: number; score: number; total: number;
    courseId: number | null; chapterId: number | null; subchapterId: number | null;
    reasonCategory: string; reasonHash: string;
  };
}
export interface QuizAttemptsReset {
  type: 'QuizAttemptsReset';
  payload: { studentId: number; quizId: number; attempt: number };
}

export type QuizEvent =
  | QuizCreated | QuizUpdated | QuizArchived | QuizDeleted | QuestionAdded | QuestionChanged | QuestionRemoved
  | QuizAssignedToCourse | QuizUnassignedFromCourse;
export type StudentQuizEvent =
  | QuizAttemptStarted | QuestionAnswered | QuizCompleted | QuizAttemptsReset | QuizAttemptsExhausted | QuizAttemptGranted | QuizValidatedByTrainer;
