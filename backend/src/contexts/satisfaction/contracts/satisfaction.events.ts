/*
 * The satisfaction context's events (issue 29 item 4, docs/adr/0054): questionnaires (Qualiopi
 * indicator 30), invitations and reminders, and anonymous answers. An answer's event carries no
 * learner id, only the SHA-256 of the single-use token it was given with; free texts stay in the
 * context's table `satisfaction.response_text`, the event carrying their hashes and lengths.
 */
export const QUESTIONNAIRE_STREAM = 'satisfaction.questionnaire';
export const INVITATION_STREAM = 'satisfaction.invitation';
export const RESPONSE_STREAM = 'satisfaction.response';

/** « à chaud » (end of the course), « à froid » (N days later), and the other parties. */
export const QUESTIONNAIRE_KINDS = ['chaud', 'froid', 'formateur', 'employeur', 'financeur'] as const;
export type QuestionnaireKind = (typeof QUESTIONNAIRE_KINDS)[number];
export const RESPONDENT_KINDS = ['apprenant', 'formateur', 'employeur', 'financeur'] as const;
export type RespondentKind = (typeof RESPONDENT_KINDS)[number];
export const QUESTION_TYPES = ['note', 'choix_unique', 'choix_multiple', 'texte'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface QuestionnaireDefined {
  type: 'QuestionnaireDefined';
  payload: {
    questionnaireId: number; kind: QuestionnaireKind; courseId: number | null; adminId: number;
    /** The version now current: a new number when the previous one was answered, else the same one rewritten. */
    versionNumber: number; newVersion: boolean; questionCount: number; questionsSha256: string;
    coldDelayDays: number; reminderDays: number; maxReminders: number; active: boolean;
  };
}
export interface SurveyInvitationSent {
  type: 'SurveyInvitationSent';
  payload: {
    invitationId: number; questionnaireId: number; respondentKind: RespondentKind;
    courseId: number; sessionId: number | null;
    /** The learner asked (a learner's invitation); null for a trainer, an employer, a funder (their e-mail stays in the table). */
    studentId: number | null;
    dueOn: string;
    /** A trainer's, employer's or funder's address as its SHA-256 (lower case); null for a learner. Absent from invitations before migration 111. */
    emailSha256?: string | null;
  };
}
export interface SurveyReminderSent {
  type: 'SurveyReminderSent';
  payload: { invitationId: number; reminderNumber: number };
}
export interface SurveyAnswered {
  type: 'SurveyAnswered';
  payload: {
    responseId: number; questionnaireId: number; versionNumber: number; respondentKind: RespondentKind;
    courseId: number; sessionId: number | null;
    /** The SHA-256 of the single-use token: no learner id, and nobody answers twice. */
    tokenSha256: string;
    /** Ratings and choices, by question id (free texts are not here). */
    answers: Record<string, number | string | string[]>;
    texts: { questionId: string; sha256: string; length: number }[];
  };
}
export type SatisfactionEvent = QuestionnaireDefined | SurveyInvitationSent | SurveyReminderSent | SurveyAnswered;
