/**
 * Events of the assessment context (docs/event-catalogue.md). Payloads carry ids and values only:
 * no question or answer text (a chosen answer is its number, 1 to 4).
 * The learning-progress context will read QuizCompleted (courseId, chapterId, subchapterId) to
 * validate a quiz step: keep those fields.
 */
export const QUIZ_STREAM = 'assessment.quiz';
export const STUDENT_QUIZ_STREAM = 'assessment.student-quiz';
export const BANK_QUESTION_STREAM = 'assessment.bank-question';

/** A quiz's rules as an evaluation (ADR 0043), null: none. Absent from the events written before them. */
export interface QuizRulesValues {
  passMark?: number | null;
  maxAttempts?: number | null;
  timeLimitMinutes?: number | null;
  /** ADR 0045: questions and answers shuffled per attempt; a draw from the trainer's bank (its category, how many). */
  shuffle?: boolean;
  drawCategory?: string | null;
  drawCount?: number | null;
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
  /** `kind`: single, multiple or true-false (ADR 0045); absent before types: single. */
  payload: { quizId: number; questionId: number; order: number; kind?: string };
}
export interface QuestionChanged {
  type: 'QuestionChanged';
  /** `rightAnswer`: the (first) right option's number; `rightAnswers`: all of them (ADR 0045). */
  payload: { quizId: number; questionId: number; rightAnswer: number; kind?: string; rightAnswers?: number[] };
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
  /**
   * `questions`: the attempt's paper when the quiz is shuffled or draws from the bank (ADR 0045), in
   * the order served: each question's id, source (the quiz's own or the bank), revision and SHA-256.
   */
  payload: {
    studentId: number; quizId: number; attempt: number; deadline?: string | null;
    questions?: { questionId: number; source: 'quiz' | 'bank'; version: number; hash: string }[];
    shuffled?: boolean;
  };
}
export interface QuestionAnswered {
  type: 'QuestionAnswered';
  /**
   * `chosen`: the option's number (the first one for several); `choices`: every option chosen, for a
   * question with several right answers (ADR 0045). Option numbers, never their text. A question
   * drawn from the bank says so: `source: 'bank'`, `questionId` the bank question's id, `version` and
   * `hash` the revision answered (as `QuizAttemptStarted` records it); absent for a quiz's own questions.
   */
  payload: {
    studentId: number; quizId: number; attempt: number; questionId: number; chosen: number; correct: boolean; choices?: number[];
    source?: 'bank'; version?: number; hash?: string;
  };
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

/**
 * A question of a trainer's bank written or edited (ADR 0045): its kind, its revision (1 when
 * written), its right options' numbers and its content's SHA-256 (the one an attempt's paper
 * records); the text stays in assessment's rows.
 */
export interface BankQuestionWritten {
  type: 'BankQuestionWritten';
  /**
   * `origin`: absent for a question written in the bank's form; `import` for one of a file's rows
   * (one event per question, as by hand); `quiz` for a copy of a quiz's question (`copiedFrom`).
   */
  payload: {
    questionId: number; teacherId: number; kind: string; revision: number; rightAnswers: number[]; hash: string;
    origin?: 'import' | 'quiz'; copiedFrom?: { quizId: number; questionId: number };
  };
}
/** A bank question archived: drawn no more; attempts that asked it keep their copy. */
export interface BankQuestionArchived {
  type: 'BankQuestionArchived';
  payload: { questionId: number; teacherId: number };
}
export type BankQuestionEvent = BankQuestionWritten | BankQuestionArchived;

export type QuizEvent =
  | QuizCreated | QuizUpdated | QuizArchived | QuizDeleted | QuestionAdded | QuestionChanged | QuestionRemoved
  | QuizAssignedToCourse | QuizUnassignedFromCourse;
export type StudentQuizEvent =
  | QuizAttemptStarted | QuestionAnswered | QuizCompleted | QuizAttemptsReset | QuizAttemptsExhausted | QuizAttemptGranted | QuizValidatedByTrainer;
