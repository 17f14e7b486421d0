import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { OptionalId, RequiredId } from '../../../platform/http/fields.js';
import { queryValue } from '../../../platform/http/query-params.js';
import { QUESTIONNAIRE_KINDS, RESPONDENT_KINDS } from '../contracts/satisfaction.events.js';

const KEY_INVALID = 'La clé d’envoi est invalide : rechargez la page et réessayez.';
/** A question as the editor sends it. */
export class QuestionForm {
  @ApiPropertyOptional({ description: 'Identifiant stable (q1, q2…) ; tiré s’il manque' }) id?: string;
  @ApiProperty({ enum: ['note', 'choix_unique', 'choix_multiple', 'texte'] }) type!: string;
  @ApiProperty({ maxLength: 500 }) label!: string;
  @ApiProperty() required!: boolean;
  @ApiPropertyOptional({ type: [String], description: 'Les choix (2 à 12) d’une question à choix' }) options?: string[];
}

/** PUT /admin/questionnaires/{id}: the settings and the questions. */
export class QuestionnaireSettingsForm {
  @ApiProperty({ maxLength: 200 }) @Allow() title!: unknown;
  @ApiPropertyOptional({ description: '« à froid » : jours après la fin de la formation (1 à 730, 90 par défaut)' }) @Allow() cold_delay_days?: unknown;
  @ApiPropertyOptional({ description: 'Jours entre deux relances (1 à 60, 7 par défaut)' }) @Allow() reminder_days?: unknown;
  @ApiPropertyOptional({ description: 'Nombre de relances (0 à 10, 2 par défaut)' }) @Allow() max_reminders?: unknown;
  @ApiPropertyOptional({ description: 'Envoyé (true) ou suspendu (false)' }) @Allow() active?: unknown;
  @ApiProperty({ type: [QuestionForm] }) @Allow() questions!: unknown;
}

/** POST /admin/questionnaires */
export class CreateQuestionnaireForm extends QuestionnaireSettingsForm {
  @ApiProperty({ enum: QUESTIONNAIRE_KINDS }) @Allow() kind!: unknown;
  @OptionalId('La formation concernée (aucune : toutes les formations)', 'Formation invalide.') course_id?: number;

  @ApiPropertyOptional({ description: 'Une clé (UUID) tirée par le client : renvoyée, elle répond le questionnaire déjà créé' })
  @IsOptional()
  @IsUUID('all', { message: KEY_INVALID })
  request_key?: string;
}

/** POST /admin/questionnaires/{id}/invitations: trainers', employers' or funders' contacts. */
export class InviteContactsForm {
  @RequiredId('La formation des destinataires', 'Veuillez choisir la formation.', 'Formation invalide.') course_id!: number;
  @OptionalId('La session (facultative)', 'Session invalide.') session_id?: number;
  @ApiProperty({ type: [String], description: 'Les adresses e-mail des destinataires (1 à 200)' }) @Allow() emails!: unknown;
}

/** POST /surveys/answer and /surveys/mine/{id}/answers */
export class AnswerForm {
  @ApiProperty({ description: 'Les réponses par identifiant de question : note 1–5, choix (texte), choix multiples (liste), texte libre', type: 'object', additionalProperties: true })
  @Allow()
  answers!: unknown;

  @ApiProperty({ description: 'Une clé (UUID) tirée par le client pour cet envoi : renvoyée, elle répond le premier résultat' })
  @ValidateIf(() => true)
  @IsUUID('all', { message: KEY_INVALID })
  request_key!: string;
}

/** POST /surveys/answer/lookup: the single-use token of a link (after #jeton=), in the body: never in a URL a log keeps. */
export class SurveyTokenForm {
  @ApiProperty({ description: 'Le jeton du lien reçu par e-mail (après #jeton=)' })
  @IsString({ message: 'Le lien du questionnaire est incomplet.' })
  @IsNotEmpty({ message: 'Le lien du questionnaire est incomplet.' })
  @MaxLength(200, { message: 'Le lien du questionnaire est invalide.' })
  token!: string;
}

/** POST /surveys/answer: an answer with the link's token. */
export class PublicAnswerForm extends AnswerForm {
  @ApiProperty({ description: 'Le jeton du lien reçu par e-mail (après #jeton=)' })
  @IsString({ message: 'Le lien du questionnaire est incomplet.' })
  @IsNotEmpty({ message: 'Le lien du questionnaire est incomplet.' })
  @MaxLength(200, { message: 'Le lien du questionnaire est invalide.' })
  token!: string;
}

/** GET /admin/questionnaires/{id}/results?course_id=&session_id=&respondent_kind= */
export class ResultsQuery {
  @OptionalId('Une formation', 'Formation invalide.') course_id?: number;
  @OptionalId('Une session', 'Session invalide.') session_id?: number;

  @ApiPropertyOptional({ enum: RESPONDENT_KINDS })
  @IsOptional()
  @Transform(queryValue)
  @IsIn(RESPONDENT_KINDS, { message: 'Le type de répondant doit être « apprenant », « formateur », « employeur » ou « financeur ».' })
  respondent_kind?: (typeof RESPONDENT_KINDS)[number];
}
