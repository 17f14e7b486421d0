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
} from '../../lib/api-schema';

/** The body of POST /quiz/ and PUT /teacher-quiz-detail/{id}. */
export type QuizInput = QuizForm;

/** The body of POST /quiz-questions/{quiz_id} and PUT /question/{id}/: four answers, the right one among them. */
export type QuestionInput = Pick<QuestionForm, 'questions' | 'ans1' | 'ans2' | 'ans3' | 'ans4' | 'right_ans' | 'explanation'>;

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
