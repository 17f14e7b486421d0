import { Query } from '@nestjs/cqrs';

export interface StudentEnrolment {
  course_id: number;
  enrolled_at: string;
}

/** The courses the student is enrolled in, newest first. */
export class ListStudentEnrolments extends Query<StudentEnrolment[]> {
  constructor(readonly studentId: number) {
    super();
  }
}

/** Who pays for an enrolment (docs/adr/0032). */
export type EnrolmentFunder = 'cpf' | 'opco' | 'france_travail' | 'employeur' | 'personnel' | 'autre';
/** Where an effective value comes from: set on the enrolment, or the student record's (its fallback). */
export type EnrolmentFundingSource = 'inscription' | 'dossier_etudiant';
export interface EnrolmentFundingValue {
  value: string | null;
  source: EnrolmentFundingSource | null;
}

/**
 * The effective funding of one enrolment, as a document prints it (`effectiveFunding`, ADR 0032):
 * each field with its value and source, the employer when set on the enrolment, and `missing`.
 * Dates are `YYYY-MM-DD`; `fundingLabel` is the funder's label (« CPF (Caisse des Dépôts) »,
 * « OPCO »…) or else the student record's `type_dossier` as typed.
 */
export interface EnrolmentFundingView {
  funder: EnrolmentFunder | null;
  fundingLabel: EnrolmentFundingValue;
  dossierNumber: EnrolmentFundingValue;
  employerName: string | null;
  employerSiret: string | null;
  entryDate: EnrolmentFundingValue;
  exitDate: EnrolmentFundingValue;
  missing: Array<'financement' | 'numero_dossier' | 'date_entree' | 'date_sortie'>;
}

/**
 * The effective funding of a student's enrolment in a course (current or ended: an ended enrolment
 * keeps its funding), or null when the student was never enrolled in it. No role check: a question
 * between contexts, asked after the asker checked its own reader's rights.
 */
export class GetEnrolmentFunding extends Query<EnrolmentFundingView | null> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}
