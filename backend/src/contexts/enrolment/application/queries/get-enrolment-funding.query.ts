import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import { GetEnrolmentFunding, type EnrolmentFundingView } from '../../contracts/enrolment.queries.js';
import { effectiveFunding, type EnrolmentFunding, type Funder } from '../../domain/enrolment-funding.js';

/** One enrolment's funding: its own values, whether it is current, and the effective values. */
export interface EnrolmentFundingState {
  enrolled: boolean;
  own: EnrolmentFunding;
  effective: EnrolmentFundingView;
}

interface Row {
  student_id: number;
  enrolled: boolean;
  funder: Funder | null;
  dossier_number: string | null;
  employer_name: string | null;
  employer_siret: string | null;
  entry_date: string | null;
  exit_date: string | null;
  numero_dossier: string | null;
  type_dossier: string | null;
  date_entree: string | null;
  date_sortie: string | null;
  has_record: boolean;
}

function stateOf(row: Row): EnrolmentFundingState {
  const own: EnrolmentFunding = {
    funder: row.funder,
    dossierNumber: row.dossier_number,
    employerName: row.employer_name,
    employerSiret: row.employer_siret,
    entryDate: row.entry_date,
    exitDate: row.exit_date,
  };
  const record = row.has_record
    ? { numeroDossier: row.numero_dossier, typeDossier: row.type_dossier ?? '', dateEntree: row.date_entree, dateSortie: row.date_sortie }
    : null;
  return { enrolled: row.enrolled, own, effective: effectiveFunding(own, record) };
}

/**
 * Reads the enrolments (current or ended) of students in a course with the student records they
 * fall back to (identity's published view), in one statement; a student never enrolled has none.
 */
export async function readEnrolmentFundings(db: Database, studentIds: readonly number[], courseId: number): Promise<Map<number, EnrolmentFundingState>> {
  const rows = await db.query<Row>(
    `select sc.student_id, sc.enrolled_at is not null as enrolled, sc.funder, sc.dossier_number, sc.employer_name, sc.employer_siret,
            to_char(sc.entry_date, 'YYYY-MM-DD') as entry_date, to_char(sc.exit_date, 'YYYY-MM-DD') as exit_date,
            r.numero_dossier, r.type_dossier, to_char(r.date_entree, 'YYYY-MM-DD') as date_entree,
            to_char(r.date_sortie, 'YYYY-MM-DD') as date_sortie, r.id is not null as has_record
       from enrolment.student_course sc left join ${STUDENT_RECORD} r on r.id = sc.student_id
      where sc.student_id = any($1::int[]) and sc.course_id = $2 and (sc.enrolled_at is not null or sc.first_enrolled_at is not null)`,
    [studentIds, courseId],
  );
  return new Map(rows.map((row) => [row.student_id, stateOf(row)]));
}

/** One enrolment's funding (current or ended), or null when the student was never enrolled in the course. */
export async function readEnrolmentFunding(db: Database, studentId: number, courseId: number): Promise<EnrolmentFundingState | null> {
  return (await readEnrolmentFundings(db, [studentId], courseId)).get(studentId) ?? null;
}

@QueryHandler(GetEnrolmentFunding)
export class GetEnrolmentFundingHandler implements IQueryHandler<GetEnrolmentFunding> {
  constructor(private readonly db: Database) {}

  async execute({ studentId, courseId }: GetEnrolmentFunding): Promise<EnrolmentFundingView | null> {
    return (await readEnrolmentFunding(this.db, studentId, courseId))?.effective ?? null;
  }
}
