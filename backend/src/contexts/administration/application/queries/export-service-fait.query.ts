import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { dateCell, estimatedBytes, type ColumnSpec, type WorkbookExport } from '../exports/xlsx.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { SessionLearnerReason } from '../../../enrolment/contracts/enrolment.events.js';
import { hoursOf } from '../service-fait-figures.js';
import { GetServiceFait, type ServiceFaitLine, type ServiceFaitView } from './service-fait.query.js';

/** The reasons as the workbook and the page write them. */
export const REASON_LABELS: Record<SessionLearnerReason, string> = {
  abandon: 'Abandon',
  absence: 'Absences',
  interruption: 'Interruption',
  force_majeure: 'Force majeure',
  autre: 'Autre',
};

export const SERVICE_FAIT_SHEET = 'Service fait';
export const SERVICE_FAIT_COLUMNS: ColumnSpec[] = [
  { header: 'Nom complet', width: 28 },
  { header: 'Email', width: 32 },
  { header: 'Numéro de dossier', width: 20 },
  { header: 'Financement', width: 26 },
  { header: "Date d'entrée", width: 14, numFmt: 'dd/mm/yyyy' },
  { header: 'Date de sortie', width: 14, numFmt: 'dd/mm/yyyy' },
  { header: 'Heures prévues', width: 15, numFmt: '0.00' },
  { header: 'Heures réalisées', width: 16, numFmt: '0.00' },
  { header: 'Heures non réalisées', width: 20, numFmt: '0.00' },
  { header: 'Taux de réalisation', width: 19, numFmt: '0.0%' },
  { header: 'Motif', width: 16 },
  { header: 'Dans la session', width: 16 },
];

export function serviceFaitCells(line: ServiceFaitLine): (string | number | Date | null)[] {
  return [
    line.full_name,
    line.email,
    line.dossier_number,
    line.funding_label,
    dateCell(line.entry_date),
    dateCell(line.exit_date),
    line.planned_minutes === null ? null : hoursOf(line.planned_minutes),
    hoursOf(line.realised_minutes),
    line.not_completed_minutes === null ? null : hoursOf(line.not_completed_minutes),
    line.completion_per_mille === null ? null : line.completion_per_mille / 1000,
    line.reason ? REASON_LABELS[line.reason] : null,
    line.left_at ? 'Sortie' : 'Oui',
  ];
}

/** `Service_fait_{session}_{start}.xlsx`: one line per learner who was in the session (admins). */
export class ExportServiceFait extends Query<WorkbookExport<ServiceFaitLine>> {
  constructor(
    readonly actor: Actor,
    readonly sessionId: number,
  ) {
    super();
  }
}

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

@QueryHandler(ExportServiceFait)
export class ExportServiceFaitHandler implements IQueryHandler<ExportServiceFait> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ actor, sessionId }: ExportServiceFait): Promise<WorkbookExport<ServiceFaitLine>> {
    // A session holds tens of learners, a few hundred at most: read at once, written as a stream.
    const view: ServiceFaitView = await this.queries.execute(new GetServiceFait(actor, sessionId));
    return {
      fileName: `Service_fait_${view.name}_${view.start_date}`,
      rows: view.lines.length,
      estimatedBytes: estimatedBytes(view.lines.length, 90),
      sheet: SERVICE_FAIT_SHEET,
      columns: SERVICE_FAIT_COLUMNS,
      batches: once(view.lines),
      toCells: serviceFaitCells,
    };
  }
}
