import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { durationCell, estimatedBytes, type ColumnSpec, type WorkbookExport } from '../../../../platform/http/xlsx.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { readGrid, type GridRequest, type GridRow, type GridStep, type ProgressGridView } from '../queries/get-progress-grid.query.js';

/** Rows read per statement while the workbook is written (the grid's own statement, page by page). */
const BATCH = 50;

const STATUS_LABELS: Record<GridRow['status'], string> = { not_started: 'Pas commencé', in_progress: 'En cours', inactive: 'Inactif', finished: 'Terminé' };
const STEP_LABELS = { validated: 'Validée', open: 'Ouverte', locked: 'Verrouillée' } as const;

const day = (value: string | null): Date | null => (value ? new Date(value) : null);

export function gridColumns(steps: readonly GridStep[]): ColumnSpec[] {
  return [
    { header: 'Apprenant', width: 28 },
    { header: 'Email', width: 32 },
    { header: 'Statut', width: 14 },
    { header: 'Progression', width: 13, numFmt: '0%' },
    { header: 'Temps actif (HH:MM:SS)', width: 22, numFmt: '[hh]:mm:ss' },
    { header: 'Dernière activité', width: 18, numFmt: 'dd/mm/yyyy hh:mm' },
    { header: 'Quiz (meilleurs scores)', width: 26 },
    { header: 'SCORM (scores)', width: 20 },
    ...steps.map((s, i) => ({ header: `${i + 1}. ${s.title}`, width: 22 })),
  ];
}

export function gridSheetCells(row: GridRow): (string | number | Date | null)[] {
  return [
    row.fullname, row.email, STATUS_LABELS[row.status], row.percentage / 100, durationCell(row.active_seconds), day(row.last_activity_at),
    row.quizzes.map((q) => `${q.best_score}/${q.total}`).join(', '),
    row.scorm.filter((s) => s.percentage !== null).map((s) => `${s.percentage} %`).join(', '),
    ...row.cells.map((c) => (c.state === 'validated' && c.validated_at ? `Validée le ${new Date(c.validated_at).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })}` : STEP_LABELS[c.state])),
  ];
}

/**
 * The grid as a workbook (`Progression_cours_{id}`): every learner matching the filters, in the
 * grid's order, read by the grid's own statement a page at a time while the sheet is written.
 */
export class ExportProgressGrid extends Query<WorkbookExport<GridRow>> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly request: Omit<GridRequest, 'page' | 'pageSize'>,
  ) {
    super();
  }
}

@QueryHandler(ExportProgressGrid)
export class ExportProgressGridHandler implements IQueryHandler<ExportProgressGrid> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId, request }: ExportProgressGrid): Promise<WorkbookExport<GridRow>> {
    const now = this.clock.now();
    // The first batch checks the reader (403/404 before any header is sent) and gives the columns and the count.
    const first = await readGrid(this.db, actor, courseId, now, { ...request, page: 1, pageSize: BATCH });
    const db = this.db;
    async function* batches(): AsyncGenerator<GridRow[]> {
      let page: ProgressGridView = first;
      for (let n = 1; ; n++) {
        if (page.results.length > 0) yield page.results;
        if (page.results.length < BATCH) return;
        page = await readGrid(db, actor, courseId, now, { ...request, page: n + 1, pageSize: BATCH });
      }
    }
    return {
      fileName: `Progression_cours_${courseId}`,
      rows: first.count,
      estimatedBytes: estimatedBytes(first.count, 40 + 12 * first.steps.length),
      sheet: 'Progression',
      columns: gridColumns(first.steps),
      batches: batches(),
      toCells: gridSheetCells,
    };
  }
}
