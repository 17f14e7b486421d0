import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsNotEmpty, IsObject, IsOptional, IsString, IsUrl, Matches, MaxLength, ValidateBy, ValidateIf, ValidateNested,
} from 'class-validator';
import { isCalendarDate, OptionalId, toBoolean, trim } from '../../../platform/http/fields.js';

const USERNAME = /^[\p{L}\p{N}._@+-]+$/u;
const USERNAME_MESSAGE = "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres et . _ @ + -";
const PHONE = /^\+?[0-9 .()-]{6,20}$/;
const DOSSIER = /^[\p{L}\p{N} ._/-]+$/u;
const emptyIsAbsent = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : trim({ value }));
const emptyIsNull = ({ value }: { value: unknown }) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : trim({ value }));

/** A name: required, trimmed, 100 characters at most (any text: exports neutralise formulas, docs/administration.md). */
function Name(label: string, required: boolean) {
  const missing = { message: `${label} est obligatoire.` };
  return applyDecorators(
    required ? ApiProperty({ maxLength: 100 }) : ApiPropertyOptional({ maxLength: 100 }),
    Transform(trim),
    ...(required ? [] : [IsOptional()]),
    IsString(missing),
    IsNotEmpty(missing),
    MaxLength(100, { message: `${label} ne doit pas dépasser 100 caractères.` }),
  );
}

function Email(required: boolean, label = "L'adresse e-mail") {
  return applyDecorators(
    required ? ApiProperty({ maxLength: 254, format: 'email' }) : ApiPropertyOptional({ maxLength: 254, format: 'email' }),
    Transform(trim),
    ...(required ? [] : [IsOptional()]),
    IsString({ message: `${label} est obligatoire.` }),
    IsEmail({}, { message: `${label} n'est pas valide.` }),
    MaxLength(254, { message: `${label} est trop longue.` }),
  );
}

function Username(description: string) {
  return applyDecorators(
    ApiPropertyOptional({ maxLength: 150, description }),
    Transform(emptyIsAbsent),
    IsOptional(),
    IsString({ message: USERNAME_MESSAGE }),
    MaxLength(150, { message: "Le nom d'utilisateur ne doit pas dépasser 150 caractères." }),
    Matches(USERNAME, { message: USERNAME_MESSAGE }),
  );
}

function Password(description: string) {
  return applyDecorators(
    ApiPropertyOptional({ minLength: 12, maxLength: 1024, description, writeOnly: true }),
    IsOptional(),
    IsString({ message: 'Le mot de passe doit être du texte.' }),
    MaxLength(1024, { message: 'Le mot de passe est trop long.' }),
  );
}

function Phone() {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 20, example: '06 12 34 56 78' }),
    Transform(emptyIsNull),
    IsOptional(),
    IsString({ message: "Le numéro de téléphone n'est pas valide." }),
    Matches(PHONE, { message: "Le numéro de téléphone n'est pas valide (6 à 20 chiffres, espaces, points, tirets, + au début)." }),
  );
}

function ShortText(label: string, max = 100) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: max }),
    Transform(emptyIsNull),
    IsOptional(),
    IsString({ message: `${label} doit être du texte.` }),
    MaxLength(max, { message: `${label} ne doit pas dépasser ${max} caractères.` }),
  );
}


function CalendarDate(label: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date', nullable: true, example: '2026-09-01' }),
    Transform(emptyIsNull),
    ValidateIf((_, value) => value !== undefined && value !== null),
    ValidateBy({ name: 'isCalendarDate', validator: { validate: isCalendarDate, defaultMessage: () => `${label} doit être une date valide (AAAA-MM-JJ).` } }),
  );
}

function Formations() {
  return applyDecorators(
    ApiPropertyOptional({ type: [String], nullable: true, description: 'Les formations suivies (20 au plus, 200 caractères chacune) ; null : aucune' }),
    IsOptional(),
    IsArray({ message: 'Les formations doivent être une liste de noms.' }),
    ArrayMaxSize(20, { message: 'Pas plus de 20 formations.' }),
    IsString({ each: true, message: 'Chaque formation doit être un nom.' }),
    MaxLength(200, { each: true, message: 'Un nom de formation ne doit pas dépasser 200 caractères.' }),
  );
}

/** The nested login of the creation forms (`user`). */
export class NestedUserRequest {
  @Username("Nom d'utilisateur du compte (étudiant : le même que nom_utilisateur_lms)")
  username?: string;

  @Email(false, "L'adresse e-mail du compte")
  email?: string;

  @Password('Mot de passe du compte (12 caractères au moins)')
  password?: string;
}

function NestedUser(required: boolean) {
  return applyDecorators(
    required ? ApiProperty({ type: NestedUserRequest }) : ApiPropertyOptional({ type: NestedUserRequest }),
    ...(required ? [] : [IsOptional()]),
    IsObject({ message: 'Le compte (user) doit être un objet { username, email, password }.' }),
    ValidateNested(),
    Type(() => NestedUserRequest),
  );
}

/** The record's optional fields, shared by the creation and the edit. */
class StudentRecordFieldsRequest {
  @Phone() telephone?: string | null;
  @ShortText('Le numéro de dossier', 50)
  @ValidateIf((_, v) => typeof v === 'string')
  @Matches(DOSSIER, { message: 'Le numéro de dossier ne peut contenir que des lettres, des chiffres, des espaces et . _ / -' })
  numero_dossier?: string | null;
  @ShortText('Le type de dossier') type_dossier?: string | null;
  @ShortText('Le type de formation') type_formation?: string | null;
  @Formations() formations?: string[] | null;
  @CalendarDate("La date d'entrée") date_entree?: string | null;
  @CalendarDate('La date de sortie') date_sortie?: string | null;
}

/** POST /students/ (spec 03 « Student creation payload »; docs/adr/0015 for how the login fields map). */
export class CreateStudentRequest extends StudentRecordFieldsRequest {
  @Name('Le nom', true) nom!: string;
  @Name('Le prénom', true) prenom!: string;
  @Email(true) email!: string;
  @Username("Nom d'utilisateur LMS : le nom d'utilisateur du compte (obligatoire, ici ou dans user.username)") nom_utilisateur_lms?: string;
  @Password('Mot de passe LMS : le mot de passe du compte (obligatoire, ici ou dans user.password ; jamais renvoyé)') mot_de_passe_lms?: string;
  @OptionalId('Le formateur qui suivra l’étudiant (facultatif)', 'Formateur invalide.') formateur_id?: number;

  @ApiPropertyOptional({ default: true, description: 'Envoyer l’e-mail de bienvenue (identifiants de connexion)' })
  @Transform(toBoolean)
  @IsOptional()
  @IsBoolean({ message: 'send_welcome_email doit valoir true ou false.' })
  send_welcome_email?: boolean;

  @NestedUser(false) user?: NestedUserRequest;
}

/** PATCH /admin/students/{id}/: only the fields sent change; `nom_utilisateur_lms` must be the current one. */
export class UpdateStudentRequest extends StudentRecordFieldsRequest {
  @Name('Le nom', false) nom?: string;
  @Name('Le prénom', false) prenom?: string;
  @Email(false) email?: string;
  @Username("Le nom d'utilisateur (ne peut pas être modifié : seule la valeur actuelle est acceptée)") nom_utilisateur_lms?: string;
}

/** PATCH /users/{id}/ */
export class UpdateUserRequest {
  @Email(true) email!: string;
}

/** PUT /users/{id}/change_password/ */
export class AdminPasswordRequest {
  @ApiProperty({ minLength: 12, maxLength: 1024, writeOnly: true })
  @IsString({ message: 'Le mot de passe ne peut pas être vide.' })
  @MaxLength(1024, { message: 'Le mot de passe est trop long.' })
  password!: string;

  @ApiPropertyOptional({ type: Boolean, nullable: true, default: true, description: 'Envoyer le nouveau mot de passe par e-mail à son titulaire (absent ou null : oui)' })
  @Transform(toBoolean)
  @IsOptional()
  @IsBoolean({ message: 'send_email doit valoir true ou false.' })
  send_email?: boolean | null;
}

function Calendly() {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 500, description: 'Lien de prise de rendez-vous (https://…), vide pour aucun' }),
    Transform(emptyIsNull),
    IsOptional(),
    IsString({ message: 'Le lien Calendly doit être une adresse web.' }),
    MaxLength(500, { message: 'Le lien Calendly ne doit pas dépasser 500 caractères.' }),
    IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'Le lien Calendly doit être une adresse web complète (https://…).' }),
  );
}

/** POST /formateur/ (spec 03 « Teacher creation payload »). */
export class CreateTrainerRequest {
  @Name('Le prénom', true) prenom!: string;
  @Name('Le nom', true) nom!: string;
  @Email(true) email!: string;
  @Phone() telephone?: string | null;
  @Calendly() calendly?: string | null;
  @NestedUser(true) user!: NestedUserRequest;
}

/** PATCH /formateur/{id}/: only the fields sent change; the login name cannot. */
export class UpdateTrainerRequest {
  @Name('Le prénom', false) prenom?: string;
  @Name('Le nom', false) nom?: string;
  @Email(false) email?: string;
  @Phone() telephone?: string | null;
  @Calendly() calendly?: string | null;
}
