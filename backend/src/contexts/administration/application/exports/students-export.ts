import type { Database } from '../../../../platform/database/database.js';
import { STUDENT_RECORD, studentRecordOrder, type StudentRecordRow } from '../../../identity/contracts/identity.read-models.js';
import { likePattern } from '../progress-rows.js';
import { dateCell, type ColumnSpec } from './xlsx.js';

/** Spec 03's student export: sheet 'Utilisateurs', these ten columns in this order. */
export const STUDENTS_SHEET = 'Utilisateurs';
export const STUDENT_COLUMNS: ColumnSpec[] = [
  { header: 'Nom complet', width: 28 },
  { header: 'Email', width: 32 },
  { header: "Nom d'utilisateur", width: 22 },
  { header: 'Téléphone', width: 18 },
  { header: 'Numéro de dossier', width: 18 },
  { header: 'Type de dossier', width: 18 },
  { header: 'Type de formation', width: 18 },
  { header: 'Formation(s)', width: 40 },
  { header: "Date d'entrée", width: 14, numFmt: 'dd/mm/yyyy' },
  { header: 'Date de sortie', width: 14, numFmt: 'dd/mm/yyyy' },
];

/** A student record as the export reads it, dates as `YYYY-MM-DD` text. */
export type StudentExportRow = Pick<StudentRecordRow, 'id' | 'fullname' | 'email' | 'username' | 'telephone' | 'numero_dossier' | 'type_dossier' | 'type_formation' | 'formations'> & {
  date_entree: string | null;
  date_sortie: string | null;
};

export function studentCells(row: StudentExportRow): (string | number | Date | null)[] {
  return [
    row.fullname, row.email, row.username, row.telephone, row.numero_dossier ?? '', row.type_dossier, row.type_formation,
    row.formations.join(', '), dateCell(row.date_entree), dateCell(row.date_sortie),
  ];
}

const MATCHING = `
  from ${STUDENT_RECORD} s
 where s.closed_at is null and ($1::text is null or s.search_text like $1) and ($2::int is null or s.id = $2)`;

/** The student record's one order, on the alias `s`. */
const BY_NAME = studentRecordOrder('s');

/** The open student records matching, in the student record's order, after a (nom, prenom, id): the export's keyset walk. */
export const STUDENT_BATCH_SQL = `
  select s.id, s.nom, s.prenom, s.fullname, s.email, s.username, s.telephone, s.numero_dossier, s.type_dossier, s.type_formation, s.formations,
         to_char(s.date_entree, 'YYYY-MM-DD') as date_entree, to_char(s.date_sortie, 'YYYY-MM-DD') as date_sortie
    ${MATCHING} and (${BY_NAME}) > ($3::text, $4::text, $5::int)
   order by ${BY_NAME} limit $6`;

export interface StudentFilter {
  search?: string;
  studentId?: number;
}

export async function countStudents(db: Database, filter: StudentFilter): Promise<number> {
  return (await db.one<{ total: number }>(`select count(*)::int as total ${MATCHING}`, [likePattern(filter.search), filter.studentId ?? null]))?.total ?? 0;
}

/** The open student records matching, by name, `batchSize` at a time (keyset on nom, prenom, id). */
export async function* studentBatches(db: Database, filter: StudentFilter, batchSize = 1000): AsyncGenerator<StudentExportRow[]> {
  let after: [string, string, number] = ['', '', 0];
  for (;;) {
    const rows = await db.query<StudentExportRow & { nom: string; prenom: string }>(STUDENT_BATCH_SQL, [likePattern(filter.search), filter.studentId ?? null, ...after, batchSize]);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = [last.nom, last.prenom, last.id];
  }
}
