import type { Database } from '../../../../platform/database/database.js';
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

export interface StudentExportRow {
  id: number;
  fullname: string;
  email: string;
  username: string;
  telephone: string;
  numero_dossier: string | null;
  type_dossier: string;
  type_formation: string;
  formations: string[];
  date_entree: string | null;
  date_sortie: string | null;
}

export function studentCells(row: StudentExportRow): (string | number | Date | null)[] {
  return [
    row.fullname, row.email, row.username, row.telephone, row.numero_dossier ?? '', row.type_dossier, row.type_formation,
    row.formations.join(', '), dateCell(row.date_entree), dateCell(row.date_sortie),
  ];
}

const MATCHING = `
  from identity.student s join identity.account a on a.id = s.account_id
 where a.closed_at is null and ($1::text is null or s.search_text like $1) and ($2::int is null or s.id = $2)`;

export interface StudentFilter {
  search?: string;
  studentId?: number;
}

export async function countStudents(db: Database, filter: StudentFilter): Promise<number> {
  return (await db.one<{ total: number }>(`select count(*)::int as total ${MATCHING}`, [likePattern(filter.search), filter.studentId ?? null]))?.total ?? 0;
}

/** The open student records matching, by name, `batchSize` at a time (keyset on name and id). */
export async function* studentBatches(db: Database, filter: StudentFilter, batchSize = 1000): AsyncGenerator<StudentExportRow[]> {
  let after: [string, number] = ['', 0];
  for (;;) {
    const rows = await db.query<StudentExportRow>(
      `select s.id, s.fullname, a.email, a.username, s.telephone, s.numero_dossier, s.type_dossier, s.type_formation, s.formations,
              to_char(s.date_entree, 'YYYY-MM-DD') as date_entree, to_char(s.date_sortie, 'YYYY-MM-DD') as date_sortie
        ${MATCHING} and (s.fullname, s.id) > ($3::text, $4::int)
        order by s.fullname, s.id limit $5`,
      [likePattern(filter.search), filter.studentId ?? null, after[0], after[1], batchSize],
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = [rows[rows.length - 1].fullname, rows[rows.length - 1].id];
  }
}
