/**
 * The satisfaction calls' shapes (docs/adr/0054). The server's handlers answer plain interfaces,
 * not OpenAPI classes, so these are written here to match `backend/src/contexts/satisfaction/application/survey.queries.ts`.
 */
export type QuestionnaireKind = 'chaud' | 'froid' | 'formateur' | 'employeur' | 'financeur';
export type RespondentKind = 'apprenant' | 'formateur' | 'employeur' | 'financeur';
export type QuestionType = 'note' | 'choix_unique' | 'choix_multiple' | 'texte';

export interface Question {
  id: string;
  type: QuestionType;
  label: string;
  required: boolean;
  options: string[];
}

export interface Questionnaire {
  id: number;
  title: string;
  kind: QuestionnaireKind;
  course_id: number | null;
  course_title: string | null;
  cold_delay_days: number;
  reminder_days: number;
  max_reminders: number;
  active: boolean;
  current_version: number;
  questions: Question[];
  answered: boolean;
  sent: number;
  answers: number;
}

export interface QuestionnaireBody {
  title: string;
  kind?: QuestionnaireKind;
  course_id?: number;
  cold_delay_days?: number;
  reminder_days: number;
  max_reminders: number;
  active: boolean;
  questions: Array<Omit<Question, 'id' | 'options'> & { id?: string; options?: string[] }>;
  request_key?: string;
}

export type AnswerValue = number | string | string[];
export type Answers = Record<string, AnswerValue | undefined>;

export interface SurveyForm {
  title: string;
  course_title: string | null;
  respondent_kind: RespondentKind;
  version_number: number;
  questions: Question[];
  expires_at: string;
  state: 'ouvert' | 'repondu' | 'expire';
}

export interface MySurvey {
  invitation_id: number;
  title: string;
  course_id: number;
  course_title: string | null;
  sent_at: string;
  expires_at: string;
}

export interface RateRow {
  course_id: number;
  course_title: string | null;
  session_id: number | null;
  session_name: string | null;
  respondent_kind: RespondentKind;
  sent: number;
  answered: number;
  rate: number | null;
}

export interface QuestionResult {
  version_number: number;
  id: string;
  type: QuestionType;
  label: string;
  answers: number;
  average: number | null;
  distribution: number[] | null;
  choices: { option: string; count: number }[] | null;
  texts: string[] | null;
}

export interface SurveyResults {
  questionnaire: { id: number; title: string; kind: QuestionnaireKind };
  sent: number;
  answered: number;
  rate: number | null;
  rates: RateRow[];
  questions: QuestionResult[];
}

export interface ResultFilters {
  course_id?: number;
  session_id?: number;
  respondent_kind?: RespondentKind;
}
