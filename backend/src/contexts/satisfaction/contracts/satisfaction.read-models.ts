/**
 * The read models satisfaction publishes for the contexts after it (docs/context-map.md): views of
 * the schema `satisfaction`, with no person in them (no learner, no address, no token: answers stay
 * anonymous, ADR 0054). Read by the indicators for response rates (indicator 30, docs/adr/0056).
 */

type QuestionnaireKind = 'chaud' | 'froid' | 'formateur' | 'employeur' | 'financeur';
type RespondentKind = 'apprenant' | 'formateur' | 'employeur' | 'financeur';

/** One row per questionnaire sent. Key `invitation_id`. */
export const INVITATION_SUMMARY = 'satisfaction.invitation_summary';

export interface InvitationSummaryRow {
  invitation_id: number;
  questionnaire_kind: QuestionnaireKind;
  respondent_kind: RespondentKind;
  course_id: number;
  session_id: number | null;
  sent_at: Date;
}

/** One row per answer. Key `response_id`. */
export const RESPONSE_SUMMARY = 'satisfaction.response_summary';

export interface ResponseSummaryRow {
  response_id: number;
  questionnaire_kind: QuestionnaireKind;
  respondent_kind: RespondentKind;
  course_id: number;
  session_id: number | null;
  answered_at: Date;
}
