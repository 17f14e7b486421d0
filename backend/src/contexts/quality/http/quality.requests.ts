import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { OptionalId } from '../../../platform/http/fields.js';
import { OptionalQueryDay, queryValue } from '../../../platform/http/query-params.js';
import { COMPLAINT_CATEGORIES, COMPLAINT_STATUSES, IMPROVEMENT_SOURCES, IMPROVEMENT_STATUSES } from '../contracts/quality.events.js';
import { COMPLAINT_TEXT_MAX, NAME_MAX } from '../domain/complaint.aggregate.js';

const KEY_INVALID = 'La clé d’envoi est invalide : rechargez la page et réessayez.';
/** POST /complaints: a complaint from the public page « Réclamation ». */
export class FileComplaintForm {
  @ApiProperty({ enum: COMPLAINT_CATEGORIES, description: 'contenu, formateur, technique, administratif, documents, accessibilite, autre' })
  @Allow()
  category!: unknown;

  @OptionalId('La formation concernée (facultative)', 'Formation invalide.')
  course_id?: number;

  @ApiProperty({ description: 'La réclamation, telle qu’écrite', maxLength: COMPLAINT_TEXT_MAX })
  @Allow()
  message!: unknown;

  @ApiPropertyOptional({ description: 'Visiteur : nom (ignoré pour un apprenant ou un formateur connecté)', maxLength: NAME_MAX })
  @Allow()
  name?: unknown;

  @ApiPropertyOptional({ description: 'Visiteur : e-mail où envoyer l’accusé de réception et la réponse' })
  @Allow()
  email?: unknown;

  @ApiPropertyOptional({ description: 'Visiteur : téléphone (facultatif)' })
  @Allow()
  phone?: unknown;

  @ApiPropertyOptional({ description: 'Champ caché que personne ne remplit : rempli, la réponse est celle d’un succès et rien n’est enregistré' })
  @Allow()
  website?: unknown;

  @ApiProperty({ description: 'Une clé (UUID) tirée par le client pour cette réclamation : renvoyée (double clic, nouvel essai), elle répond la réclamation déjà enregistrée' })
  @ValidateIf(() => true)
  @IsUUID('all', { message: KEY_INVALID })
  request_key!: string;
}

/** GET /admin/complaints?status=&category=&from=&to= */
export class ComplaintListQuery {
  @ApiPropertyOptional({ enum: COMPLAINT_STATUSES })
  @IsOptional()
  @Transform(queryValue)
  @IsIn(COMPLAINT_STATUSES, { message: 'Le statut doit être « recue », « en_cours », « traitee » ou « close ».' })
  status?: (typeof COMPLAINT_STATUSES)[number];

  @ApiPropertyOptional({ enum: COMPLAINT_CATEGORIES })
  @IsOptional()
  @Transform(queryValue)
  @IsIn(COMPLAINT_CATEGORIES, { message: 'Objet de réclamation inconnu.' })
  category?: (typeof COMPLAINT_CATEGORIES)[number];

  @OptionalQueryDay('Reçues à partir de ce jour (AAAA-MM-JJ, heure de Paris)')
  from?: string;

  @OptionalQueryDay('Reçues jusqu’à ce jour inclus (AAAA-MM-JJ, heure de Paris)')
  to?: string;
}

/** PUT /admin/complaints/{id}/status */
export class ComplaintStatusForm {
  @ApiProperty({ enum: COMPLAINT_STATUSES })
  @Allow()
  status!: unknown;
}

/** POST /admin/complaints/{id}/answers */
export class ComplaintAnswerForm {
  @ApiProperty({ description: 'La réponse, envoyée par e-mail à l’auteur de la réclamation', maxLength: COMPLAINT_TEXT_MAX })
  @Allow()
  message!: unknown;

  @ApiProperty({ description: 'Une clé (UUID) tirée par le client pour cette réponse : renvoyée, elle répond la réponse déjà enregistrée' })
  @ValidateIf(() => true)
  @IsUUID('all', { message: KEY_INVALID })
  answer_key!: string;
}

/** PUT /admin/complaints/{id}/action */
export class ComplaintActionForm {
  @ApiProperty({ description: 'L’action menée', maxLength: COMPLAINT_TEXT_MAX })
  @Allow()
  action_taken!: unknown;
}

/** POST /admin/improvement-actions and POST /admin/complaints/{id}/improvement-actions */
export class ImprovementActionForm {
  @ApiPropertyOptional({ enum: IMPROVEMENT_SOURCES, description: 'Origine (depuis une réclamation : « reclamation », par défaut)' })
  @Allow()
  source?: unknown;

  @ApiProperty({ maxLength: COMPLAINT_TEXT_MAX })
  @Allow()
  description!: unknown;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Le responsable (nom, fonction)', maxLength: 200 })
  @Allow()
  owner?: unknown;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Échéance (AAAA-MM-JJ)' })
  @Allow()
  due_on?: unknown;

  @ApiPropertyOptional({ format: 'uuid', description: 'Une clé (UUID) tirée par la page pour cette ouverture : renvoyée (double clic, nouvel essai), elle répond l’action déjà ouverte' })
  @IsOptional()
  @IsUUID('all', { message: KEY_INVALID })
  request_key?: string;
}

/** PUT /admin/improvement-actions/{id}: what is sent changes, the rest stays. */
export class ImprovementUpdateForm {
  @ApiPropertyOptional({ maxLength: COMPLAINT_TEXT_MAX }) @Allow() description?: unknown;
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 }) @Allow() owner?: unknown;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Échéance (AAAA-MM-JJ)' }) @Allow() due_on?: unknown;
  @ApiPropertyOptional({ enum: IMPROVEMENT_STATUSES }) @Allow() status?: unknown;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Le résultat obtenu (obligatoire pour « terminee »)', maxLength: COMPLAINT_TEXT_MAX }) @Allow() result?: unknown;
}

/** GET /admin/improvement-actions?status=&source= */
export class ImprovementListQuery {
  @ApiPropertyOptional({ enum: IMPROVEMENT_STATUSES })
  @IsOptional()
  @Transform(queryValue)
  @IsIn(IMPROVEMENT_STATUSES, { message: 'Le statut doit être « a_faire », « en_cours », « terminee » ou « abandonnee ».' })
  status?: (typeof IMPROVEMENT_STATUSES)[number];

  @ApiPropertyOptional({ enum: IMPROVEMENT_SOURCES })
  @IsOptional()
  @Transform(queryValue)
  @IsIn(IMPROVEMENT_SOURCES, { message: 'L’origine doit être « reclamation », « enquete », « audit » ou « autre ».' })
  source?: (typeof IMPROVEMENT_SOURCES)[number];
}
