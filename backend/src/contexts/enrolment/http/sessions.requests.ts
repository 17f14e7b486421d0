import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsPositive, IsString, IsUUID, Max, MaxLength, ValidateIf } from 'class-validator';
import { SESSION_LEARNER_REASONS, type SessionLearnerReason } from '../contracts/enrolment.events.js';
import { MAX_ID, toDecimalInteger } from '../../../platform/http/ids.js';

/** PUT /admin/sessions/{id}/: a session's name and dates (docs/adr/0050). */
export class SessionRequest {
  @ApiProperty({ maxLength: 120, description: 'Nom de la session (« Session de janvier 2027 »)' })
  @MaxLength(2000, { message: 'Le nom de la session ne doit pas dépasser 120 caractères.' })
  @IsString({ message: 'Donnez un nom à la session (par exemple « Session de mars 2027 »).' })
  name!: string;

  @ApiProperty({ format: 'date', description: 'Premier jour (AAAA-MM-JJ)' })
  @MaxLength(20, { message: 'La date de début doit être une date valide (AAAA-MM-JJ).' })
  @IsString({ message: 'La date de début doit être une date valide (AAAA-MM-JJ).' })
  start_date!: string;

  @ApiProperty({ format: 'date', description: 'Dernier jour (AAAA-MM-JJ)' })
  @MaxLength(20, { message: 'La date de fin doit être une date valide (AAAA-MM-JJ).' })
  @IsString({ message: 'La date de fin doit être une date valide (AAAA-MM-JJ).' })
  end_date!: string;
}

/** POST /admin/sessions/: a new session of a course. */
export class NewSessionRequest extends SessionRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'Une clé (UUID) tirée par la page pour cette programmation : renvoyée (double clic, nouvel essai), elle répond la session déjà créée' })
  @IsOptional()
  @IsUUID('all', { message: 'La clé de la demande doit être un UUID.' })
  request_key?: string;

  @ApiProperty({ description: 'Identifiant du cours' })
  @Transform(toDecimalInteger)
  @Max(MAX_ID, { message: 'Cours introuvable.' })
  @IsInt({ message: 'Le cours est obligatoire.' })
  @IsPositive({ message: 'Le cours est obligatoire.' })
  course!: number;
}

export class SessionLearnerRequest {
  @ApiProperty({ description: "Identifiant de l'étudiant" })
  @Transform(toDecimalInteger)
  @Max(MAX_ID, { message: 'Étudiant non trouvé.' })
  @IsInt({ message: "L'étudiant est obligatoire." })
  @IsPositive({ message: "L'étudiant est obligatoire." })
  student!: number;
}

export class SessionTrainerRequest {
  @ApiProperty({ description: 'Identifiant du formateur' })
  @Transform(toDecimalInteger)
  @Max(MAX_ID, { message: 'Formateur introuvable.' })
  @IsInt({ message: 'Le formateur est obligatoire.' })
  @IsPositive({ message: 'Le formateur est obligatoire.' })
  teacher!: number;
}

export class SessionListQuery {
  @ApiPropertyOptional({ description: 'Les sessions de ce cours seulement' })
  @IsOptional()
  @Transform(toDecimalInteger)
  @Max(MAX_ID, { message: 'Cours introuvable.' })
  @IsInt({ message: 'Le cours doit être un identifiant.' })
  @IsPositive({ message: 'Le cours doit être un identifiant.' })
  course?: number;
}

export class EdofKindParam {
  @ApiProperty({ enum: ['entry', 'exit'] })
  @IsIn(['entry', 'exit'], { message: 'Déclaration inconnue : « entry » (entrée) ou « exit » (sortie).' })
  kind!: 'entry' | 'exit';
}

/** PUT /admin/sessions/{id}/learners/{student}/reason: why the learner did not complete the session (null clears it). */
export class SessionLearnerReasonRequest {
  @ApiProperty({ enum: SESSION_LEARNER_REASONS, nullable: true, description: 'Motif de réalisation partielle (service fait EDOF) ; null : aucun' })
  @ValidateIf((o: SessionLearnerReasonRequest) => o.reason !== null)
  @IsIn(SESSION_LEARNER_REASONS, { message: 'Le motif doit être abandon, absence, interruption, force majeure ou autre.' })
  reason!: SessionLearnerReason | null;
}
