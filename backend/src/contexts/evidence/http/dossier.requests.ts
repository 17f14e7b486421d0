import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsPositive, Matches, Max, ValidateIf } from 'class-validator';
import { MAX_ID, toDecimalInteger } from '../../../platform/http/ids.js';
import { OptionalQueryId } from '../../../platform/http/query-params.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A batch of dossiers: every learner of the course, or those enrolled or active in a period (days, Europe/Paris, both included). */
export class DossierBatchRequest {
  @ApiPropertyOptional({ enum: ['inscription', 'activite'], description: 'Sans période : tous les apprenants du cours' })
  @IsOptional()
  @IsIn(['inscription', 'activite'], { message: 'La période porte sur l’inscription ou sur l’activité.' })
  periode?: 'inscription' | 'activite';

  @ApiPropertyOptional({ example: '2026-03-01', description: 'Premier jour (AAAA-MM-JJ), avec « periode »' })
  @ValidateIf((o: DossierBatchRequest) => o.periode !== undefined || o.du !== undefined)
  @Matches(DAY, { message: 'La date de début doit être une date (AAAA-MM-JJ).' })
  du?: string;

  @ApiPropertyOptional({ example: '2026-03-31', description: 'Dernier jour (AAAA-MM-JJ), avec « periode »' })
  @ValidateIf((o: DossierBatchRequest) => o.periode !== undefined || o.au !== undefined)
  @Matches(DAY, { message: 'La date de fin doit être une date (AAAA-MM-JJ).' })
  au?: string;

  @ApiPropertyOptional({ type: Number, description: 'Seulement les apprenants passés par cette session du cours (ceux qui l’ont quittée aussi)' })
  @IsOptional()
  @Transform(toDecimalInteger)
  @Max(MAX_ID, { message: 'Session de formation introuvable.' })
  @IsPositive({ message: 'La session doit être un identifiant.' })
  @IsInt({ message: 'La session doit être un identifiant.' })
  session?: number;
}

/** GET /api/audit/courses/{id}/learners/?session=: the course's learners, or those who were in one of its sessions. */
export class AuditLearnersQuery {
  @OptionalQueryId('Seulement les apprenants passés par cette session du cours (ceux qui l’ont quittée aussi)', 'Session introuvable pour cette formation.')
  session?: number;
}
