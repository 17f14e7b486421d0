import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { OptionalId } from '../../../platform/http/fields.js';
import { OptionalQueryId } from '../../../platform/http/query-params.js';
import { SUPPORT_CATEGORIES } from '../contracts/tutoring.events.js';
import { SUPPORT_TEXT_MAX } from '../domain/support-request.aggregate.js';

const KEY_INVALID = 'La clé d’envoi est invalide : rechargez la page et réessayez.';

/** POST /support-requests: a learner opens a technical-support request. */
export class OpenSupportRequestForm {
  @ApiProperty({ enum: SUPPORT_CATEGORIES, description: 'connexion (connexion/compte), video, scorm (module SCORM), quiz (quiz/évaluation), autre' })
  @Allow()
  category!: unknown;

  @OptionalId('Le cours concerné (une inscription de l’apprenant)', 'Cours invalide.')
  course_id?: number;

  @ApiPropertyOptional({ enum: ['chapter', 'subchapter'] })
  @IsOptional()
  @IsIn(['chapter', 'subchapter'], { message: 'Le type d’étape doit être « chapter » ou « subchapter ».' })
  step_kind?: 'chapter' | 'subchapter';

  @OptionalId('L’étape concernée du cours', 'Étape invalide.')
  step_id?: number;

  @ApiProperty({ description: 'La description du problème, telle qu’écrite', maxLength: SUPPORT_TEXT_MAX })
  @Allow()
  message!: unknown;

  @ApiProperty({ description: 'Une clé (UUID) tirée par le client pour cette demande : renvoyée (double clic, nouvel essai), elle répond la demande déjà ouverte' })
  @ValidateIf(() => true)
  @IsUUID('all', { message: KEY_INVALID })
  request_key!: string;
}

/** POST /support-requests/{id}/answers */
export class AnswerSupportRequestForm {
  @ApiProperty({ description: 'La réponse, telle qu’écrite', maxLength: SUPPORT_TEXT_MAX })
  @Allow()
  message!: unknown;

  @ApiProperty({ description: 'Une clé (UUID) tirée par le client pour cette réponse : renvoyée, elle répond la réponse déjà enregistrée' })
  @ValidateIf(() => true)
  @IsUUID('all', { message: KEY_INVALID })
  answer_key!: string;
}

/** GET /support-requests?status=&course= */
export class SupportListQuery {
  @ApiPropertyOptional({ enum: ['ouverte', 'repondue', 'resolue'] })
  @IsOptional()
  @IsIn(['ouverte', 'repondue', 'resolue'], { message: 'Le statut doit être « ouverte », « repondue » ou « resolue ».' })
  status?: 'ouverte' | 'repondue' | 'resolue';

  @OptionalQueryId('Le cours', 'Cours invalide.')
  course?: number;
}
