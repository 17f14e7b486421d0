import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '../../../platform/http/paging.js';
import { OptionalQueryText } from '../../../platform/http/query-params.js';
import { Transform } from 'class-transformer';
import { Allow, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, MaxLength, ValidateIf } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const REQUIRED = (label: string) => ({ message: `${label} est obligatoire.` });
const USERNAME = /^[\p{L}\p{N}._@+-]+$/u;
const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };
const urlMessage = (label: string) => ({ message: `${label} doit être une adresse web complète (https://…).` });

export class LoginRequest {
  @ApiProperty({ example: 'lea.dubois@demo.lms-formation.fr', maxLength: 254 })
  @Transform(trim)
  @MaxLength(254, { message: "L'adresse e-mail est trop longue." })
  @IsEmail({}, { message: "L'adresse e-mail n'est pas valide." })
  email!: string;

  @ApiProperty()
  @IsString({ message: 'Le mot de passe est obligatoire.' })
  @IsNotEmpty(REQUIRED('Le mot de passe'))
  @MaxLength(1024, { message: 'Le mot de passe est trop long.' })
  password!: string;
}

const TOKEN_MAX = 4096;
const URL_MAX = 500;

export class RefreshRequest {
  /** Optional since the refresh cookie (docs/adr/0029): without it, the cookie of a same-origin call. */
  @ApiPropertyOptional({ maxLength: TOKEN_MAX })
  @IsOptional()
  @MaxLength(TOKEN_MAX, { message: 'Le jeton de rafraîchissement est trop long.' })
  @IsString({ message: 'Le jeton de rafraîchissement est obligatoire.' })
  @IsNotEmpty({ message: 'Le jeton de rafraîchissement est obligatoire.' })
  refresh?: string;
}

export class LogoutRequest {
  @ApiPropertyOptional({ maxLength: TOKEN_MAX })
  @IsOptional()
  @MaxLength(TOKEN_MAX, { message: 'Le jeton de rafraîchissement est trop long.' })
  @IsString({ message: 'Le jeton de rafraîchissement doit être du texte.' })
  refresh?: string;
}

export class PasswordRequest {
  @ApiProperty({ minLength: 12 })
  @IsString({ message: 'Le mot de passe ne peut pas être vide.' })
  @MaxLength(1024, { message: 'Le mot de passe est trop long.' })
  password!: string;
}

export class StudentProfileRequest {
  @ApiProperty({ example: 'Léa Dubois' })
  @Transform(trim)
  @IsString(REQUIRED('Le nom complet'))
  @IsNotEmpty(REQUIRED('Le nom complet'))
  @MaxLength(200, { message: 'Le nom complet ne doit pas dépasser 200 caractères.' })
  fullname!: string;

  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: "L'adresse e-mail n'est pas valide." })
  @MaxLength(254, { message: "L'adresse e-mail est trop longue." })
  email!: string;

  @ApiProperty({ example: 'lea.dubois' })
  @Transform(trim)
  @IsString(REQUIRED("Le nom d'utilisateur"))
  @IsNotEmpty(REQUIRED("Le nom d'utilisateur"))
  @MaxLength(150, { message: "Le nom d'utilisateur ne doit pas dépasser 150 caractères." })
  @Matches(USERNAME, { message: "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres et . _ @ + -" })
  username!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000, description: "Centres d'intérêt, séparés par des virgules (orthographe de la spec) ; null ou vide : aucun" })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: "Les centres d'intérêt doivent être du texte." })
  @MaxLength(1000, { message: "Les centres d'intérêt ne doivent pas dépasser 1000 caractères." })
  interseted_categories?: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', nullable: true, description: 'Nouvelle photo ; absente ou null : la photo ne change pas' })
  @Allow()
  profile_img?: unknown;
}

export class StudentRegistrationRequest extends StudentProfileRequest {
  @ApiProperty({ minLength: 12 })
  @IsString({ message: 'Le mot de passe ne peut pas être vide.' })
  @MaxLength(1024, { message: 'Le mot de passe est trop long.' })
  password!: string;
}

export class TeacherProfileRequest {
  @ApiProperty({ example: 'Claire Martin' })
  @Transform(trim)
  @IsString(REQUIRED('Le nom complet'))
  @IsNotEmpty(REQUIRED('Le nom complet'))
  @MaxLength(200, { message: 'Le nom complet ne doit pas dépasser 200 caractères.' })
  full_name!: string;

  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, { message: "L'adresse e-mail n'est pas valide." })
  @MaxLength(254, { message: "L'adresse e-mail est trop longue." })
  email!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 300 }) @Transform(trim) @IsOptional() @IsString() @MaxLength(300, { message: 'La qualification ne doit pas dépasser 300 caractères.' })
  qualification?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20 })
  @Transform(trim)
  @IsOptional()
  @ValidateIf((_, v) => v !== '')
  @Matches(/^\+?[0-9 .-]{6,20}$/, { message: "Le numéro de téléphone n'est pas valide." })
  mobile_no?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000, description: 'Compétences séparées par des virgules' })
  @Transform(trim) @IsOptional() @IsString() @MaxLength(1000, { message: 'Les compétences ne doivent pas dépasser 1000 caractères.' })
  skills?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 }) @Transform(trim) @IsOptional() @IsString() @MaxLength(5000, { message: 'La présentation ne doit pas dépasser 5000 caractères.' })
  detail?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: URL_MAX })
  @Transform(trim) @IsOptional() @ValidateIf((_, v) => v !== '') @MaxLength(URL_MAX, { message: `Le lien Facebook ne doit pas dépasser ${URL_MAX} caractères.` }) @IsUrl(URL_OPTIONS, urlMessage('Le lien Facebook'))
  face_url?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: URL_MAX })
  @Transform(trim) @IsOptional() @ValidateIf((_, v) => v !== '') @MaxLength(URL_MAX, { message: `Le lien Instagram ne doit pas dépasser ${URL_MAX} caractères.` }) @IsUrl(URL_OPTIONS, urlMessage('Le lien Instagram'))
  insta_url?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: URL_MAX })
  @Transform(trim) @IsOptional() @ValidateIf((_, v) => v !== '') @MaxLength(URL_MAX, { message: `Le lien Twitter / X ne doit pas dépasser ${URL_MAX} caractères.` }) @IsUrl(URL_OPTIONS, urlMessage('Le lien Twitter / X'))
  twit_url?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: URL_MAX })
  @Transform(trim) @IsOptional() @ValidateIf((_, v) => v !== '') @MaxLength(URL_MAX, { message: `Le lien du site web ne doit pas dépasser ${URL_MAX} caractères.` }) @IsUrl(URL_OPTIONS, urlMessage('Le lien du site web'))
  web_url?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: URL_MAX })
  @Transform(trim) @IsOptional() @ValidateIf((_, v) => v !== '') @MaxLength(URL_MAX, { message: `Le lien YouTube ne doit pas dépasser ${URL_MAX} caractères.` }) @IsUrl(URL_OPTIONS, urlMessage('Le lien YouTube'))
  you_url?: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', nullable: true, description: 'Nouvelle photo ; absente ou null : la photo ne change pas' })
  @Allow()
  profile_img?: unknown;
}

export class TeacherRegistrationRequest extends TeacherProfileRequest {
  @ApiPropertyOptional({ description: "Nom d'utilisateur ; par défaut la partie locale de l'e-mail" })
  @Transform(trim)
  @IsOptional()
  @ValidateIf((_, v) => v !== '')
  @MaxLength(150, { message: "Le nom d'utilisateur ne doit pas dépasser 150 caractères." })
  @Matches(USERNAME, { message: "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres et . _ @ + -" })
  username?: string;

  @ApiProperty({ minLength: 12 })
  @IsString({ message: 'Le mot de passe ne peut pas être vide.' })
  @MaxLength(1024, { message: 'Le mot de passe est trop long.' })
  password!: string;
}

/** A multipart file field arrives as a Buffer; an empty file input or a text value means "no new file". */
export function uploadedFile(value: unknown): Buffer | undefined {
  return Buffer.isBuffer(value) && value.length > 0 ? value : undefined;
}

/** GET /formateur/: `?search=&page=` (the back office's list, 5 per page), or nothing (every trainer, for a select). */
export class TeacherListQuery extends PageQuery {
  @OptionalQueryText('Recherche dans le nom, l’e-mail et les compétences', 'La recherche')
  search?: string;

  @ApiPropertyOptional({ enum: ['pending', 'accepted', 'refused'], description: 'Les formateurs selon la décision du centre (pending : les demandes)' })
  @IsOptional()
  @IsIn(['pending', 'accepted', 'refused'], { message: 'Le statut doit être « pending », « accepted » ou « refused ».' })
  approval?: 'pending' | 'accepted' | 'refused';
}

export class RefuseTrainerRequest {
  @ApiProperty({ description: 'La raison du refus, envoyée au formateur (5 à 1000 caractères)', maxLength: 1000 })
  // Its length is the aggregate's rule (TeacherProfile.refuse).
  @IsString({ message: 'Indiquez la raison du refus : elle sera envoyée au formateur.' })
  reason!: string;
}
