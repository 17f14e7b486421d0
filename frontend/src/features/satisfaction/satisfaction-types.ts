/** The answers of the satisfaction calls, generated from the server's OpenAPI document (docs/adr/0008, docs/adr/0054). */
import type { SurveyQuestionView } from '../../lib/api-schema';

export type {
  AnswerReceipt,
  InvitationsSent,
  MySurveyView as MySurvey,
  QuestionnaireView as Questionnaire,
  QuestionResultView as QuestionResult,
  SurveyQuestionView as Question,
  RateRowView as RateRow,
  SurveyFormView as SurveyForm,
  SurveyResultsView as SurveyResults,
} from '../../lib/api-schema';

export type QuestionnaireKind = 'chaud' | 'froid' | 'formateur' | 'employeur' | 'financeur';
export type RespondentKind = 'apprenant' | 'formateur' | 'employeur' | 'financeur';
export type QuestionType = SurveyQuestionView['type'];

/** POST and PUT /admin/questionnaires: the settings and the questions (ids kept when editing; choices for choice questions). */
export interface QuestionnaireBody {
  title: string;
  kind?: QuestionnaireKind;
  course_id?: number;
  cold_delay_days?: number;
  reminder_days: number;
  max_reminders: number;
  active: boolean;
  questions: Array<Omit<SurveyQuestionView, 'id' | 'options'> & { id?: string; options?: string[] }>;
  request_key?: string;
}

export type AnswerValue = number | string | string[];
export type Answers = Record<string, AnswerValue | undefined>;

export interface ResultFilters {
  course_id?: number;
  session_id?: number;
  respondent_kind?: RespondentKind;
}
