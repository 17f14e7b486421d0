import type { ProgressRow } from '../progress-rows.js';
import { dateCell, durationCell, type ColumnSpec } from './xlsx.js';

/** Spec 03's progress export: sheet 'Progression', these nine columns in this order. */
export const PROGRESS_SHEET = 'Progression';
export const PROGRESS_COLUMNS: ColumnSpec[] = [
  { header: 'Nom complet', width: 28 },
  { header: 'Email', width: 32 },
  { header: "Nom d'utilisateur", width: 22 },
  { header: "Date d'entrée", width: 14, numFmt: 'dd/mm/yyyy' },
  { header: 'Cours', width: 48 },
  { header: 'Progression', width: 13, numFmt: '0%' },
  { header: 'Temps total (s)', width: 16, numFmt: '0' },
  { header: 'Temps total (HH:MM:SS)', width: 22, numFmt: '[hh]:mm:ss' },
  { header: 'Cours complétés', width: 16, numFmt: '0' },
];

export function progressCells(row: ProgressRow): (string | number | Date | null)[] {
  return [
    row.fullname, row.email, row.username, dateCell(row.date_entree), row.courses.join(', '), row.progress_percentage / 100,
    row.total_time_spent_seconds, durationCell(row.total_time_spent_seconds), row.courses_completed,
  ];
}
