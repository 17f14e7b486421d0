import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { estimatedBytes, type WorkbookExport } from '../../../platform/http/xlsx.js';
import { Clock } from '../../../shared-kernel/index.js';
import { indicatorLearners, resolveScope, type IndicatorFigure, type IndicatorFilters } from './indicators.queries.js';
import type { IndicatorLearner } from './indicators.views.js';

const BATCH = 1000;

export const FIGURE_LABELS: Record<IndicatorFigure, string> = {
  learners: 'Apprenants', completed: 'Formation terminée', dropped: 'Abandons', in_progress: 'En cours', not_started: 'Pas commencé',
  evaluation_taken: 'Évaluation finale passée', evaluation_passed: 'Évaluation finale réussie', evaluation_failed: 'Évaluation finale non réussie',
  evaluation_missing: 'Évaluation finale non passée', reminded: 'Apprenants relancés', reminded_active: 'Reprise après relance',
  downloaded: 'Documents téléchargés',
};
const STATUS_LABELS: Record<IndicatorLearner['status'], string> = { completed: 'Terminée', dropped: 'Abandon', in_progress: 'En cours' };

/** The learners behind a figure as a workbook, read 1,000 at a time while it is written. */
export class ExportIndicatorLearners extends Query<WorkbookExport<IndicatorLearner>> {
  constructor(
    readonly filters: IndicatorFilters,
    readonly figure: IndicatorFigure,
  ) {
    super();
  }
}

@QueryHandler(ExportIndicatorLearners)
export class ExportIndicatorLearnersHandler implements IQueryHandler<ExportIndicatorLearners> {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ filters, figure }: ExportIndicatorLearners): Promise<WorkbookExport<IndicatorLearner>> {
    const scope = await resolveScope(this.db, filters, this.clock.now());
    const first = await indicatorLearners(this.db, scope, figure, BATCH, 0);
    const { db } = this;
    async function* batches(): AsyncIterable<IndicatorLearner[]> {
      yield first.rows;
      for (let offset = BATCH; offset < first.count; offset += BATCH) yield (await indicatorLearners(db, scope, figure, BATCH, offset)).rows;
    }
    const period = scope.session ? scope.session.name : `${scope.from}_${scope.to}`;
    return {
      fileName: `indicateurs-${FIGURE_LABELS[figure]}-${period}`,
      rows: first.count,
      estimatedBytes: estimatedBytes(first.count, 160),
      sheet: FIGURE_LABELS[figure],
      columns: [
        { header: 'Apprenant', width: 26 }, { header: 'E-mail', width: 30 }, { header: 'Compte fermé', width: 12 }, { header: 'Formation', width: 34 },
        { header: 'Entrée le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' }, { header: 'Statut', width: 12 }, { header: 'Terminée le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' },
        { header: 'Sortie le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' }, { header: 'Étapes ouvertes', width: 14 }, { header: 'Étapes', width: 8 },
        { header: 'Documents téléchargés', width: 14 },
        { header: 'Évaluation finale : meilleur score (%)', width: 18 }, { header: 'Évaluation finale', width: 16 },
        { header: 'Relances', width: 10 }, { header: 'Dernière relance le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' },
      ],
      batches: batches(),
      toCells: (r) => [
        r.fullname, r.email, r.closed ? 'Oui' : 'Non', r.course_title, new Date(r.enrolled_at), STATUS_LABELS[r.status],
        r.completed_at ? new Date(r.completed_at) : null, r.left_at ? new Date(r.left_at) : null, r.steps_opened, r.steps, r.documents_downloaded,
        r.final_best_percent, r.final_quiz_id === null ? 'Sans évaluation finale' : r.final_passed === null ? 'Non passée' : r.final_passed ? 'Réussie' : 'Non réussie',
        r.reminders, r.last_reminded_at ? new Date(r.last_reminded_at) : null,
      ],
    };
  }
}
