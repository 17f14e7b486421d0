import { ApiProperty } from '@nestjs/swagger';

export class EnrolmentResponse {
  @ApiProperty() course!: number;
  @ApiProperty() student!: number;
  @ApiProperty({ format: 'date-time' }) enrolled_at!: string;
}

export class RatingResponse {
  @ApiProperty() course!: number;
  @ApiProperty() student!: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating!: number;
  @ApiProperty() reviews!: string;
}

export class FavouriteResponse {
  @ApiProperty() course!: number;
  @ApiProperty() student!: number;
  @ApiProperty({ enum: [true] }) favourite!: true;
}

const FUNDERS = ['cpf', 'opco', 'france_travail', 'employeur', 'personnel', 'autre'] as const;
type FunderValue = (typeof FUNDERS)[number];
const SOURCES = ['inscription', 'dossier_etudiant'] as const;

/** The values set on the enrolment itself (null: not set here). */
export class EnrolmentOwnFunding {
  @ApiProperty({ enum: FUNDERS, nullable: true, type: String }) funder!: FunderValue | null;
  @ApiProperty({ type: String, nullable: true }) dossier_number!: string | null;
  @ApiProperty({ type: String, nullable: true }) employer_name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: '14 chiffres' }) employer_siret!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) entry_date!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date' }) exit_date!: string | null;
}

/** An effective value and where it comes from: the enrolment (`inscription`) or the student record (`dossier_etudiant`). */
export class EffectiveFundingValue {
  @ApiProperty({ type: String, nullable: true }) value!: string | null;
  @ApiProperty({ enum: SOURCES, nullable: true, type: String }) source!: (typeof SOURCES)[number] | null;
}

export class EffectiveEnrolmentFunding {
  @ApiProperty({ enum: FUNDERS, nullable: true, type: String }) funder!: FunderValue | null;
  @ApiProperty({ type: EffectiveFundingValue, description: 'Libellé du financement (celui du financeur, sinon le type de dossier de l’étudiant)' })
  funding_label!: EffectiveFundingValue;
  @ApiProperty({ type: EffectiveFundingValue }) dossier_number!: EffectiveFundingValue;
  @ApiProperty({ type: String, nullable: true }) employer_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) employer_siret!: string | null;
  @ApiProperty({ type: EffectiveFundingValue, description: 'AAAA-MM-JJ' }) entry_date!: EffectiveFundingValue;
  @ApiProperty({ type: EffectiveFundingValue, description: 'AAAA-MM-JJ' }) exit_date!: EffectiveFundingValue;
  @ApiProperty({ enum: ['financement', 'numero_dossier', 'date_entree', 'date_sortie'], isArray: true, description: 'Ce qui reste inconnu après le repli sur le dossier de l’étudiant' })
  missing!: Array<'financement' | 'numero_dossier' | 'date_entree' | 'date_sortie'>;
}

/** GET/PUT /admin/students/{id}/courses/{courseId}/funding/ (docs/adr/0032). */
export class EnrolmentFundingResponse {
  @ApiProperty() student_id!: number;
  @ApiProperty() course_id!: number;
  @ApiProperty({ description: 'false quand l’inscription a pris fin (son financement est conservé)' }) enrolled!: boolean;
  @ApiProperty({ type: EnrolmentOwnFunding }) funding!: EnrolmentOwnFunding;
  @ApiProperty({ type: EffectiveEnrolmentFunding }) effective!: EffectiveEnrolmentFunding;
  @ApiProperty({ description: 'PUT : false quand les mêmes valeurs étaient déjà enregistrées (aucun événement)' }) changed!: boolean;
}

export class EnrolmentContactsBody {
  @ApiProperty({ type: String, nullable: true }) employer_contact_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) employer_email!: string | null;
  @ApiProperty({ type: String, nullable: true }) employer_phone!: string | null;
  @ApiProperty({ type: String, nullable: true }) funder_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) funder_email!: string | null;
}

/** An enrolment's employer and funder contacts (docs/adr/0032, 0054). */
export class EnrolmentContactsResponse {
  @ApiProperty() student_id!: number;
  @ApiProperty() course_id!: number;
  @ApiProperty({ description: 'Inscription en cours (false : terminée, ses contacts sont conservés)' }) enrolled!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Raison sociale de l’employeur (celle du financement)' }) employer_name!: string | null;
  @ApiProperty({ type: EnrolmentContactsBody }) contacts!: EnrolmentContactsBody;
  @ApiProperty({ description: 'Quelque chose a changé (false : valeurs déjà enregistrées)' }) changed!: boolean;
}
