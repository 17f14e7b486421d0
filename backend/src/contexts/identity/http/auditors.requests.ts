import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsInt, IsNotEmpty, IsString, MaxLength, Min, ValidateBy } from 'class-validator';
import { isCalendarDate, RequiredText, trim } from '../../../platform/http/fields.js';

const EndsOn = () =>
  ValidateBy({ name: 'calendarDate', validator: { validate: isCalendarDate, defaultMessage: () => 'La date de fin est obligatoire, au format AAAA-MM-JJ.' } });

/** An auditor's end date and scope: every course, or the chosen ones. */
export class AuditorScopeRequest {
  @ApiProperty({ example: '2026-12-31', description: "Dernier jour de l'accès (jour du centre, inclus)" })
  @EndsOn()
  ends_on!: string;

  @ApiProperty({ description: 'Tout le centre (tous les apprenants) ; sinon les cours de course_ids' })
  @IsBoolean({ message: 'Le périmètre (tout le centre ou des cours choisis) est obligatoire.' })
  all_courses!: boolean;

  @ApiProperty({ type: [Number], description: 'Les cours du périmètre (ignoré si all_courses)' })
  @IsArray({ message: 'La liste des cours est invalide.' })
  @ArrayMaxSize(500, { message: 'Trop de cours choisis.' })
  @IsInt({ each: true, message: 'La liste des cours est invalide.' })
  @Min(1, { each: true, message: 'La liste des cours est invalide.' })
  course_ids!: number[];
}

export class InviteAuditorRequest extends AuditorScopeRequest {
  @RequiredText("Le nom de l'auditeur", 200)
  full_name!: string;

  @ApiProperty({ maxLength: 254, format: 'email' })
  @Transform(trim)
  @IsString({ message: "L'adresse e-mail est obligatoire." })
  @IsEmail({}, { message: "L'adresse e-mail n'est pas valide." })
  @MaxLength(254, { message: "L'adresse e-mail est trop longue." })
  email!: string;

  @RequiredText("L'organisme", 200)
  organisation!: string;
}

export class ActivateAuditorRequest {
  @ApiProperty({ description: "Le jeton du lien d'invitation" })
  @IsString({ message: "Le lien d'invitation est incomplet." })
  @IsNotEmpty({ message: "Le lien d'invitation est incomplet." })
  @MaxLength(200, { message: "Le lien d'invitation est invalide." })
  token!: string;

  @ApiProperty()
  @IsString({ message: 'Le mot de passe est obligatoire.' })
  @IsNotEmpty({ message: 'Le mot de passe est obligatoire.' })
  @MaxLength(1024, { message: 'Le mot de passe est trop long.' })
  password!: string;
}
