/**
 * The answers of the assessment calls, generated from the server's OpenAPI document
 * (docs/adr/0008-generated-api-types.md), under the names the screens use.
 */
import type { QuestionForm, QuizForm } from '../../lib/api-schema';

export type {
  AnswerResult,
  AssignedQuiz,
  BoolResponse,
  QuestionView as Question,
  QuizAttemptView as QuizAttempt,
  QuizRemovalResult,
  QuizResult,
  QuizView as Quiz,
  StudentQuestion,
  QuizStatusView as QuizStatus,
  QuizReview,
  ReviewQuestion,
  QuizAlert,
  BankQuestionView as BankQuestion,
  BankCategoryView as BankCategory,
  BankImportPreview,
  BankImportRowView as BankImportRow,
  BankImportResult,
  OptionView,
} from '../../lib/api-schema';

/** A question's type (ADR 0045): one right answer among four, several, or true/false. */
export type QuestionKind = 'single' | 'multiple' | 'true-false';

/** The body of POST /quiz/ and PUT /teacher-quiz-detail/{id}. */
export type QuizInput = QuizForm;

/**
 * The body of POST /quiz-questions/{quiz_id} and PUT /question/{id}/: its type, four answers and the
 * right one among them (single), the right ones by number (several), or « Vrai » / « Faux ».
 */
export type QuestionInput = Pick<QuestionForm, 'questions' | 'ans1' | 'ans2' | 'ans3' | 'ans4' | 'right_ans' | 'explanation'> & {
  kind?: QuestionKind;
  right_answers?: number[];
};

/** The body of POST /question-bank and PUT /question-bank/{id}: a question and where it is filed. */
export type BankQuestionInput = QuestionInput & { category: string; tags: string[]; request_key?: string };

/** The body of POST /quiz-questions/{id}/copy-to-bank: where the copy is filed. */
export type CopyToBankInput = { category: string; tags: string[]; request_key?: string };

/** Why a trainer validates a quiz by hand (the server's fixed list). */
export type ValidationCategory = 'evaluation-orale' | 'evaluation-pratique' | 'incident-technique' | 'amenagement' | 'autre';

/** A trainer the admin's quiz form offers (GET /formateur/). */
export interface QuizTrainerOption {
  id: number;
  name: string;
}

/** The course step a quiz is taken from (POST /attempt-quiz/'s course, chapter, subchapter): its completion validates that step. */
export interface QuizPlace {
  course: number;
  chapter: number;
  subchapter?: number;
}
