import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { durationCell, estimatedBytes, type WorkbookExport } from '../../../platform/http/xlsx.js';
import { complaintRows, complaintWhere, filerOf, teacherNames, type ComplaintFilters, type ComplaintRow } from './complaints/complaint.queries.js';
import { improvementRows, type ImprovementFilters, type ImprovementRow } from './improvements/improvement.queries.js';

const BATCH = 500;

export const CATEGORY_LABELS: Record<string, string> = {
  contenu: 'Contenu de la formation', formateur: 'Formateur, accompagnement', technique: 'Plateforme, problème technique',
  administratif: 'Inscription, financement, administratif', documents: 'Attestations, certificats, documents', accessibilite: 'Accessibilité, handicap', autre: 'Autre',
};
export const STATUS_LABELS: Record<string, string> = { recue: 'Reçue', en_cours: 'En cours', traitee: 'Traitée', close: 'Close' };
export const FILER_LABELS: Record<string, string> = { student: 'Apprenant', teacher: 'Formateur', visitor: 'Visiteur' };
export const SOURCE_LABELS: Record<string, string> = { reclamation: 'Réclamation', enquete: 'Enquête de satisfaction', audit: 'Audit', autre: 'Autre' };
export const IMPROVEMENT_STATUS_LABELS: Record<string, string> = { a_faire: 'À faire', en_cours: 'En cours', terminee: 'Terminée', abandonnee: 'Abandonnée' };

type ExportRow = ComplaintRow & { answers: number; actions: string; filer: ReturnType<typeof filerOf> };

/** The register of complaints as a workbook, read 500 rows at a time while it is written. */
export class ExportComplaints extends Query<WorkbookExport<ExportRow>> {
  constructor(readonly filters: ComplaintFilters) {
    super();
  }
}

@QueryHandler(ExportComplaints)
export class ExportComplaintsHandler implements IQueryHandler<ExportComplaints> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ filters }: ExportComplaints): Promise<WorkbookExport<ExportRow>> {
    const { where, params } = complaintWhere(filters);
    const count = await this.db.one<{ n: number }>(`select count(*)::int as n from quality.complaint q ${where}`, params);
    const rows = count?.n ?? 0;
    const { db, queries } = this;
    async function* batches(): AsyncIterable<ExportRow[]> {
      for (let offset = 0; ; offset += BATCH) {
        const page = await complaintRows(db, filters, BATCH, offset);
        if (page.length === 0) return;
        const ids = page.map((r) => r.id);
        const [teachers, answers, actions] = await Promise.all([
          teacherNames(queries, page),
          db.query<{ complaint_id: number; n: number }>('select complaint_id, count(*)::int as n from quality.complaint_answer where complaint_id = any($1) group by complaint_id', [ids]),
          db.query<{ complaint_id: number; ids: number[] }>('select complaint_id, array_agg(id order by id) as ids from quality.improvement_action where complaint_id = any($1) group by complaint_id', [ids]),
        ]);
        yield page.map((r) => ({
          ...r,
          filer: filerOf(r, teachers),
          answers: answers.find((a) => a.complaint_id === r.id)?.n ?? 0,
          actions: (actions.find((a) => a.complaint_id === r.id)?.ids ?? []).map((id) => `n° ${id}`).join(', '),
        }));
        if (page.length < BATCH) return;
      }
    }
    return {
      fileName: 'registre-reclamations',
      rows,
      estimatedBytes: estimatedBytes(rows, 220),
      sheet: 'Réclamations',
      columns: [
        { header: 'Référence', width: 14 }, { header: 'Reçue le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' }, { header: 'Déposée par', width: 12 },
        { header: 'Nom', width: 24 }, { header: 'E-mail', width: 28 }, { header: 'Téléphone', width: 16 }, { header: 'Objet', width: 28 },
        { header: 'Formation', width: 30 }, { header: 'Réclamation', width: 60 }, { header: 'Statut', width: 10 },
        { header: 'Première réponse le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' }, { header: 'Délai de traitement', width: 14, numFmt: '[h]:mm:ss' },
        { header: 'Réponses', width: 10 }, { header: 'Action menée', width: 50 }, { header: 'Traitée le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' },
        { header: 'Close le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' }, { header: 'Actions d’amélioration', width: 20 },
      ],
      batches: batches(),
      toCells: (r) => [
        r.reference, new Date(r.received_at), FILER_LABELS[r.filer_kind]!, r.filer.name ?? (r.filer.erased_at ? 'Données effacées (conservation)' : ''),
        r.filer.email ?? '', r.filer.phone ?? '', CATEGORY_LABELS[r.category] ?? r.category, r.course_title ?? '', r.body, STATUS_LABELS[r.status] ?? r.status,
        r.first_answered_at ? new Date(r.first_answered_at) : null, r.handling_seconds === null ? null : durationCell(r.handling_seconds), r.answers,
        r.action_taken ?? '', r.treated_at ? new Date(r.treated_at) : null, r.closed_at ? new Date(r.closed_at) : null, r.actions,
      ],
    };
  }
}

/** The improvement log as a workbook. */
export class ExportImprovementActions extends Query<WorkbookExport<ImprovementRow>> {
  constructor(readonly filters: ImprovementFilters) {
    super();
  }
}

@QueryHandler(ExportImprovementActions)
export class ExportImprovementActionsHandler implements IQueryHandler<ExportImprovementActions> {
  constructor(private readonly db: Database) {}

  async execute({ filters }: ExportImprovementActions): Promise<WorkbookExport<ImprovementRow>> {
    // The log of a centre holds tens to hundreds of entries: read at once, written as it goes.
    const all = await improvementRows(this.db, filters);
    return {
      fileName: 'journal-amelioration',
      rows: all.length,
      estimatedBytes: estimatedBytes(all.length, 160),
      sheet: 'Améliorations',
      columns: [
        { header: 'N°', width: 6 }, { header: 'Ouverte le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' }, { header: 'Origine', width: 22 },
        { header: 'Réclamation', width: 14 }, { header: 'Description', width: 60 }, { header: 'Responsable', width: 24 },
        { header: 'Échéance', width: 12, numFmt: 'dd/mm/yyyy' }, { header: 'Statut', width: 12 }, { header: 'Résultat', width: 50 },
        { header: 'Terminée le', width: 18, numFmt: 'dd/mm/yyyy hh:mm' },
      ],
      batches: (async function* () {
        yield all;
      })(),
      toCells: (r) => [
        r.id, new Date(r.opened_at), SOURCE_LABELS[r.source] ?? r.source, r.complaint_reference ?? '', r.description, r.owner ?? '',
        r.due_on ? new Date(`${r.due_on}T00:00:00Z`) : null, IMPROVEMENT_STATUS_LABELS[r.status] ?? r.status, r.result ?? '', r.done_at ? new Date(r.done_at) : null,
      ],
    };
  }
}
