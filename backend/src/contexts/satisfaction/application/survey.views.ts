import { ApiProperty } from '@nestjs/swagger';
import { QUESTION_TYPES, QUESTIONNAIRE_KINDS, RESPONDENT_KINDS, type QuestionnaireKind, type QuestionType, type RespondentKind } from '../contracts/satisfaction.events.js';

/** A question as the editor and the answer form read it (docs/adr/0054). */
export class SurveyQuestionView {
  @ApiProperty({ description: 'Identifiant stable dans le questionnaire (q1, q2…)' }) id!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) type!: QuestionType;
  @ApiProperty() label!: string;
  @ApiProperty() required!: boolean;
  @ApiProperty({ type: [String], description: 'Les choix d’une question à choix (vide sinon)' }) options!: string[];
}

export class QuestionnaireView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: QUESTIONNAIRE_KINDS }) kind!: QuestionnaireKind;
  @ApiProperty({ type: Number, nullable: true, description: 'La formation ; null : toutes' }) course_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) course_title!: string | null;
  @ApiProperty() cold_delay_days!: number;
  @ApiProperty() reminder_days!: number;
  @ApiProperty() max_reminders!: number;
  @ApiProperty() active!: boolean;
  @ApiProperty({ description: 'Le numéro de la version en cours' }) current_version!: number;
  @ApiProperty({ type: [SurveyQuestionView], description: 'Les questions de la version en cours' }) questions!: SurveyQuestionView[];
  @ApiProperty({ description: 'La version en cours a des réponses (la modifier commence la suivante)' }) answered!: boolean;
  @ApiProperty({ description: 'Invitations envoyées' }) sent!: number;
  @ApiProperty({ description: 'Réponses reçues (toutes versions)' }) answers!: number;
}

/** What a respondent sees: the current questions, and whether the link is still open. */
export class SurveyFormView {
  @ApiProperty() title!: string;
  @ApiProperty({ type: String, nullable: true }) course_title!: string | null;
  @ApiProperty({ enum: RESPONDENT_KINDS }) respondent_kind!: RespondentKind;
  @ApiProperty() version_number!: number;
  @ApiProperty({ type: [SurveyQuestionView] }) questions!: SurveyQuestionView[];
  @ApiProperty() expires_at!: string;
  @ApiProperty({ enum: ['ouvert', 'repondu', 'expire'] }) state!: 'ouvert' | 'repondu' | 'expire';
}

/** « Questionnaires à remplir »: one of a learner's open invitations. */
export class MySurveyView {
  @ApiProperty() invitation_id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() course_id!: number;
  @ApiProperty({ type: String, nullable: true }) course_title!: string | null;
  @ApiProperty() sent_at!: string;
  @ApiProperty() expires_at!: string;
}

export class RateRowView {
  @ApiProperty() course_id!: number;
  @ApiProperty({ type: String, nullable: true }) course_title!: string | null;
  @ApiProperty({ type: Number, nullable: true }) session_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) session_name!: string | null;
  @ApiProperty({ enum: RESPONDENT_KINDS }) respondent_kind!: RespondentKind;
  @ApiProperty() sent!: number;
  @ApiProperty() answered!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Réponses / envois, de 0 à 1 (null sans envoi)' }) rate!: number | null;
}

export class ChoiceCountView {
  @ApiProperty() option!: string;
  @ApiProperty() count!: number;
}

export class QuestionResultView {
  @ApiProperty() version_number!: number;
  @ApiProperty() id!: string;
  @ApiProperty({ enum: QUESTION_TYPES }) type!: QuestionType;
  @ApiProperty() label!: string;
  @ApiProperty() answers!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Moyenne d’une note (1 à 5, deux décimales)' }) average!: number | null;
  @ApiProperty({ type: [Number], nullable: true, description: 'Répartition des notes 1 à 5' }) distribution!: number[] | null;
  @ApiProperty({ type: [ChoiceCountView], nullable: true }) choices!: ChoiceCountView[] | null;
  @ApiProperty({ type: [String], nullable: true, description: 'Les commentaires, anonymes, les plus récents d’abord' }) texts!: string[] | null;
}

export class QuestionnaireRefView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: QUESTIONNAIRE_KINDS }) kind!: QuestionnaireKind;
}

export class SurveyResultsView {
  @ApiProperty({ type: QuestionnaireRefView }) questionnaire!: QuestionnaireRefView;
  @ApiProperty() sent!: number;
  @ApiProperty() answered!: number;
  @ApiProperty({ type: Number, nullable: true }) rate!: number | null;
  @ApiProperty({ type: [RateRowView] }) rates!: RateRowView[];
  @ApiProperty({ type: [QuestionResultView] }) questions!: QuestionResultView[];
}

export class AnswerReceipt {
  @ApiProperty({ description: 'Date de la réponse (horloge du serveur)' }) answered_at!: string;
  @ApiProperty({ description: 'La version du questionnaire répondue' }) version_number!: number;
}

export class InvitationsSent {
  @ApiProperty({ description: 'Invitations envoyées ou déjà envoyées à ces adresses' }) invitations!: number;
}

export class DispatchStarted {
  @ApiProperty({ description: 'La tâche, suivie sur /api/admin/jobs/{id}/' }) job_id!: string;
}
