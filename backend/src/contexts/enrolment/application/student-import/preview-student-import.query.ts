import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { ParsedRow } from '../../domain/student-import-rows.js';
import { ImportFileCheck } from './import-file-check.js';

/** How many rows without problems the preview shows beside every row with one. */
export const PREVIEW_SAMPLE = 200;

export interface PreviewRowView {
  line: number;
  prenom: string;
  nom: string;
  email: string | null;
  formations: string[];
  session: string | null;
  date_entree: string | null;
  date_sortie: string | null;
  problems: string[];
}

export interface ImportPreviewView {
  /** Rows read (empty lines left out). */
  total: number;
  /** Whether « Importer » may be pressed: no problem in the file nor in any row. */
  importable: boolean;
  file_problems: string[];
  /** Rows with at least one problem. */
  rows_with_problems: number;
  /** Every row with a problem, then the first rows without, in the file's order. */
  rows: PreviewRowView[];
}

export function previewView(fileProblems: string[], rows: ParsedRow[]): ImportPreviewView {
  const faulty = rows.filter((r) => r.problems.length > 0);
  const shown = new Set([...faulty, ...rows.filter((r) => r.problems.length === 0).slice(0, PREVIEW_SAMPLE)]);
  return {
    total: rows.length,
    importable: fileProblems.length === 0 && faulty.length === 0,
    file_problems: fileProblems,
    rows_with_problems: faulty.length,
    rows: rows
      .filter((r) => shown.has(r))
      .map((r) => ({
        line: r.line, prenom: r.prenom, nom: r.nom, email: r.email, formations: r.formations, session: r.session, date_entree: r.dateEntree, date_sortie: r.dateSortie,
        problems: r.problems,
      })),
  };
}

/** Reads a learners' file and answers every problem, in French, writing nothing (POST /admin/student-imports/preview). */
export class PreviewStudentImport extends Query<ImportPreviewView> {
  constructor(
    readonly actor: Actor,
    readonly bytes: Buffer,
  ) {
    super();
  }
}

@QueryHandler(PreviewStudentImport)
export class PreviewStudentImportHandler implements IQueryHandler<PreviewStudentImport> {
  constructor(private readonly check: ImportFileCheck) {}

  async execute({ actor, bytes }: PreviewStudentImport): Promise<ImportPreviewView> {
    assertAdmin(actor);
    const checked = await this.check.check(actor, bytes);
    return previewView(checked.fileProblems, checked.rows);
  }
}
