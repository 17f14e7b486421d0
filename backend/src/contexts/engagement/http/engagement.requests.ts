import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsIn, IsOptional, IsUUID } from 'class-validator';
import { OptionalId, RequiredId } from '../../../platform/http/fields.js';
import { PageQuery } from '../../../platform/http/paging.js';
import { queryValue } from '../../../platform/http/query-params.js';
import { ALERT_KINDS, type AlertKind } from '../contracts/engagement.events.js';

const KIND_MESSAGE = 'Le type d’alerte doit être « not_started », « inactive » ou « behind ».';

/** GET /engagement/reminders/?course=&kind=&page=&page_size= */
export class SentRemindersQuery extends PageQuery {
  @OptionalId('Filtre : le cours', 'Le cours doit être un identifiant valide.')
  course?: number;

  @ApiPropertyOptional({ enum: ALERT_KINDS })
  @IsOptional()
  @Transform(queryValue)
  @IsIn(ALERT_KINDS, { message: KIND_MESSAGE })
  kind?: AlertKind;
}

/** GET /engagement/alerts/?course=&session=&kind=&page=&page_size= */
export class AlertsQuery extends SentRemindersQuery {
  @OptionalId('Filtre : la session de formation', 'La session doit être un identifiant valide.')
  session?: number;
}

/** POST /engagement/alerts/remind/: « Relancer maintenant ». */
export class RemindRequest {
  @RequiredId('L’apprenant', 'L’apprenant est obligatoire.', 'Apprenant introuvable.')
  student_id!: number;

  @RequiredId('Le cours', 'Le cours est obligatoire.', 'Cours introuvable.')
  course_id!: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'Une clé (UUID) tirée par la page pour cette relance : renvoyée (double clic, nouvel essai), elle répond la relance déjà faite' })
  @IsOptional()
  @IsUUID('all', { message: 'La clé de la demande doit être un UUID.' })
  request_key?: string;
}

/** PUT /admin/engagement/settings/: what is sent changes, the rest stays (the domain checks each value). */
export class SettingsRequest {
  @ApiPropertyOptional() @Allow() not_started_enabled?: unknown;
  @ApiPropertyOptional({ minimum: 1, maximum: 365 }) @Allow() not_started_days?: unknown;
  @ApiPropertyOptional() @Allow() inactive_enabled?: unknown;
  @ApiPropertyOptional({ minimum: 1, maximum: 365 }) @Allow() inactive_days?: unknown;
  @ApiPropertyOptional() @Allow() behind_enabled?: unknown;
  @ApiPropertyOptional({ minimum: 0, maximum: 100 }) @Allow() behind_margin_points?: unknown;
  @ApiPropertyOptional({ minimum: 1, maximum: 365 }) @Allow() reminder_interval_days?: unknown;
  @ApiPropertyOptional({ minimum: 0, maximum: 20 }) @Allow() max_reminders?: unknown;
}
