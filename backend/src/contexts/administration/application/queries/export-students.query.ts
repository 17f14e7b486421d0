import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { countStudents, STUDENT_COLUMNS, studentBatches, studentCells, STUDENTS_SHEET, type StudentExportRow, type StudentFilter } from '../exports/students-export.js';
import { estimatedBytes, type WorkbookExport } from '../exports/xlsx.js';
import { openStudentLogin } from './open-student-login.js';

/** Compressed bytes per student row (docs/administration.md). */
const BYTES_PER_ROW = 49;

/**
 * The students workbook (sheet « Utilisateurs »): every open student matching `search`
 * (`Utilisateurs_LMS`), or one open student's record (`Utilisateur_{username}`, 404 otherwise). Admins only.
 */
export class ExportStudents extends Query<WorkbookExport<StudentExportRow>> {
  constructor(
    readonly actor: Actor,
    readonly filter: StudentFilter,
  ) {
    super();
  }
}

@QueryHandler(ExportStudents)
export class ExportStudentsHandler implements IQueryHandler<ExportStudents> {
  constructor(private readonly db: Database) {}

  async execute({ actor, filter }: ExportStudents): Promise<WorkbookExport<StudentExportRow>> {
    assertAdmin(actor);
    const { studentId } = filter;
    const fileName = studentId !== undefined ? `Utilisateur_${await openStudentLogin(this.db, studentId)}` : 'Utilisateurs_LMS';
    const rows = studentId !== undefined ? 1 : await countStudents(this.db, filter);
    return {
      fileName, rows, estimatedBytes: estimatedBytes(rows, BYTES_PER_ROW),
      sheet: STUDENTS_SHEET, columns: STUDENT_COLUMNS, batches: studentBatches(this.db, filter), toCells: studentCells,
    };
  }
}
