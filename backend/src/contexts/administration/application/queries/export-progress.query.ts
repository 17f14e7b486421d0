import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { PROGRESS_COLUMNS, PROGRESS_SHEET, progressCells } from '../exports/progress-export.js';
import { estimatedBytes, type WorkbookExport } from '../exports/xlsx.js';
import { countMatching, progressBatches, sessionOfFilter, type ProgressFilter, type ProgressRow } from '../progress-rows.js';
import { SESSION_NOT_FOUND } from './list-progress.query.js';
import { openStudentLogin } from './open-student-login.js';

/** Compressed bytes per progress row (docs/administration.md). */
const BYTES_PER_ROW = 62;

/**
 * The progress workbook (sheet « Progression ») of every student matching the filter
 * (`Progression_Etudiants`, `Progression_{start}_to_{end}` with both dates, `Progression_{session}_{its start}`
 * with a session), or of one open
 * student (`Progression_{username}`, 404 otherwise). Admins only.
 */
export class ExportProgress extends Query<WorkbookExport<ProgressRow>> {
  constructor(
    readonly actor: Actor,
    readonly filter: ProgressFilter,
  ) {
    super();
  }
}

@QueryHandler(ExportProgress)
export class ExportProgressHandler implements IQueryHandler<ExportProgress> {
  constructor(private readonly db: Database) {}

  async execute({ actor, filter }: ExportProgress): Promise<WorkbookExport<ProgressRow>> {
    assertAdmin(actor);
    const session = filter.sessionId === undefined ? null : await sessionOfFilter(this.db, filter.sessionId);
    if (filter.sessionId !== undefined && !session) throw new NotFoundError(SESSION_NOT_FOUND);
    const fileName =
      filter.studentId !== undefined
        ? `Progression_${await openStudentLogin(this.db, filter.studentId)}`
        : session
          ? `Progression_${session.name}_${session.start_date}`
          : filter.startDate && filter.endDate
          ? `Progression_${filter.startDate}_to_${filter.endDate}`
          : 'Progression_Etudiants';
    const rows = await countMatching(this.db, filter);
    return {
      fileName, rows, estimatedBytes: estimatedBytes(rows, BYTES_PER_ROW),
      sheet: PROGRESS_SHEET, columns: PROGRESS_COLUMNS, batches: progressBatches(this.db, filter), toCells: progressCells,
    };
  }
}
