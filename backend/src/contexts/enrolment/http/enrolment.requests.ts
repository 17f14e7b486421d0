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

const FUNDER_VALUES = ['cpf', 'opco', 'france_travail', 'employeur', 'personnel', 'autre'];

/**
 * PUT /admin/students/{id}/courses/{courseId}/funding/: the enrolment's whole funding (docs/adr/0032).
 * A field left out, null or blank is « not set on this enrolment »: the student record's value applies.
 */
export class EnrolmentFundingRequest {
  @ApiPropertyOptional({ enum: FUNDER_VALUES, nullable: true, description: 'Financeur : cpf, opco, france_travail, employeur, personnel, autre' })
  @IsOptional()
  @IsString({ message: 'Le financeur doit être CPF, OPCO, France Travail, employeur, personnel ou autre.' })
  funder?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 100, description: 'Numéro de dossier du financeur (dossier CPF, prise en charge OPCO…)' })
  @IsOptional()
  @IsString({ message: 'Le numéro de dossier doit être du texte.' })
  dossier_number?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: "Raison sociale de l'employeur" })
  @IsOptional()
  @IsString({ message: 'Le nom de l’employeur doit être du texte.' })
  employer_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: "SIRET de l'employeur (14 chiffres, espaces admis)" })
  @IsOptional()
  @IsString({ message: 'Le SIRET de l’employeur n’est pas valide.' })
  employer_siret?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'date', description: "Date d'entrée en formation (AAAA-MM-JJ)" })
  @IsOptional()
  @IsString({ message: 'La date d’entrée doit être une date valide (AAAA-MM-JJ).' })
  entry_date?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'date', description: 'Date de sortie de formation (AAAA-MM-JJ)' })
  @IsOptional()
  @IsString({ message: 'La date de sortie doit être une date valide (AAAA-MM-JJ).' })
  exit_date?: string | null;
}

/**
 * PUT /admin/students/{id}/courses/{courseId}/contacts/: the enrolment's employer and funder contacts,
 * all at once (docs/adr/0032, 0054). A field left out, null or blank is « not known ».
 */
export class EnrolmentContactsRequest {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: 'Nom du contact chez l’employeur' })
  @IsOptional()
  @IsString({ message: 'Le nom du contact de l’employeur doit être du texte.' })
  employer_contact_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 254, description: 'E-mail du contact chez l’employeur (questionnaires « employeurs »)' })
  @IsOptional()
  @IsString({ message: 'L’adresse e-mail de l’employeur doit être du texte.' })
  employer_email?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 30, description: 'Téléphone du contact chez l’employeur (facultatif)' })
  @IsOptional()
  @IsString({ message: 'Le téléphone de l’employeur doit être du texte.' })
  employer_phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: 'Nom du financeur (OPCO EP, France Travail Île-de-France, Caisse des dépôts…)' })
  @IsOptional()
  @IsString({ message: 'Le nom du financeur doit être du texte.' })
  funder_name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 254, description: 'E-mail du contact chez le financeur (questionnaires « financeurs »)' })
  @IsOptional()
  @IsString({ message: 'L’adresse e-mail du financeur doit être du texte.' })
  funder_email?: string | null;
}
