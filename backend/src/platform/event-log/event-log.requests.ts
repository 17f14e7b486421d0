import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_ID, toDecimalInteger } from '../http/ids.js';

const toInt = toDecimalInteger;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const DATE_OR_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Filters of the admin's paged view of the log (GET /api/admin/event-log/). */
export class EventLogListRequest {
  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le numéro de page doit être un entier.' })
  @Min(1, { message: 'Le numéro de page commence à 1.' })
  @Max(100_000, { message: 'Le numéro de page est trop grand.' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'La taille de page doit être un entier.' })
  @Min(1, { message: 'La taille de page doit être comprise entre 1 et 200.' })
  @Max(200, { message: 'La taille de page doit être comprise entre 1 et 200.' })
  page_size?: number;

  @ApiPropertyOptional({ example: 'identity.account' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Le type de flux doit être du texte.' })
  @MaxLength(100, { message: 'Le type de flux est trop long.' })
  stream_type?: string;

  @ApiPropertyOptional({ example: '12' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: "L'identifiant de flux doit être du texte." })
  @MaxLength(200, { message: "L'identifiant de flux est trop long." })
  stream_id?: string;

  @ApiPropertyOptional({ example: 'StudentRegistered' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: "Le type d'événement doit être du texte." })
  @MaxLength(100, { message: "Le type d'événement est trop long." })
  event_type?: string;

  @ApiPropertyOptional({ description: "Identifiant du compte de l'auteur" })
  @IsOptional()
  @Transform(toInt)
  @Max(MAX_ID, { message: "L'identifiant de l'auteur doit être un entier positif." })
  @Min(1, { message: "L'identifiant de l'auteur doit être un entier positif." })
  @IsInt({ message: "L'identifiant de l'auteur doit être un entier positif." })
  actor_id?: number;

  @ApiPropertyOptional({ description: 'Depuis (date AAAA-MM-JJ, jour de Paris, ou date et heure ISO 8601)', example: '2026-11-01' })
  @IsOptional()
  @Transform(trim)
  @Matches(DATE_OR_DATETIME, { message: 'La date de début doit être au format AAAA-MM-JJ ou ISO 8601.' })
  from?: string;

  @ApiPropertyOptional({ description: 'Jusqu’à (inclus)', example: '2026-11-30' })
  @IsOptional()
  @Transform(trim)
  @Matches(DATE_OR_DATETIME, { message: 'La date de fin doit être au format AAAA-MM-JJ ou ISO 8601.' })
  to?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc', description: 'Ordre des positions' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: "L'ordre doit valoir asc ou desc." })
  order?: 'asc' | 'desc';
}
