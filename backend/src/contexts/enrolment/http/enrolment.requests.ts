import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsInt, IsOptional, IsPositive, IsString, Max, MaxLength } from 'class-validator';
import { MAX_ID, toDecimalInteger } from '../../../platform/http/ids.js';

// Ids sent as text (multipart) become numbers only when written in plain decimal: `0x10` or `1e3` stay text and are refused.
const toNumber = toDecimalInteger;

// With stopAtFirstError, the decorator written last is checked first: required, then range.
export class StudentCourseRequest {
  @ApiProperty({ description: 'Identifiant du cours' })
  @Transform(toNumber)
  @Max(MAX_ID, { message: 'Cours introuvable.' })
  @IsInt({ message: 'Le cours est obligatoire.' })
  @IsPositive({ message: 'Le cours est obligatoire.' })
  course!: number;

  @ApiProperty({ description: "Identifiant de l'étudiant (le vôtre)" })
  @Transform(toNumber)
  @Max(MAX_ID, { message: 'Étudiant non trouvé.' })
  @IsInt({ message: "L'étudiant est obligatoire." })
  @IsPositive({ message: "L'étudiant est obligatoire." })
  student!: number;
}

export class RatingRequest extends StudentCourseRequest {
  @ApiProperty({ minimum: 1, maximum: 5 })
  @Transform(toNumber)
  @Allow()
  rating!: unknown;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'Le commentaire doit être du texte.' })
  @MaxLength(2000, { message: 'Le commentaire ne doit pas dépasser 2000 caractères.' })
  reviews?: string;
}
