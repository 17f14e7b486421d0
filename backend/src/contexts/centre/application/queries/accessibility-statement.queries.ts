import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetAccessibilityStatement, GetCentreFace, type AccessibilityStatementView, type CentreFaceView } from '../../contracts/centre.queries.js';
import { accessibilityStatus, RGAA_VERSIONS } from '../../domain/accessibility-status.js';

interface StatementRow {
  rgaa_version: string;
  audit_date: string | null;
  criteres_applicables: number | null;
  criteres_conformes: number | null;
  auditeur: string | null;
  non_conformites: string | null;
  derogations: string | null;
  hors_champ: string | null;
  technologies: string | null;
  environnement_test: string | null;
  outils_evaluation: string | null;
  pages_verifiees: string | null;
  contact_email: string | null;
  contact_formulaire: string | null;
  schema_pluriannuel_url: string | null;
  plan_action_url: string | null;
  updated_at: Date | null;
}

const EMPTY: StatementRow = {
  rgaa_version: RGAA_VERSIONS[0], audit_date: null, criteres_applicables: null, criteres_conformes: null, auditeur: null, non_conformites: null,
  derogations: null, hors_champ: null, technologies: null, environnement_test: null, outils_evaluation: null, pages_verifiees: null,
  contact_email: null, contact_formulaire: null, schema_pluriannuel_url: null, plan_action_url: null, updated_at: null,
};

const statusOf = (row: Pick<StatementRow, 'audit_date' | 'criteres_applicables' | 'criteres_conformes'>) =>
  accessibilityStatus({ auditDate: row.audit_date, applicable: row.criteres_applicables, met: row.criteres_conformes });

/** The statement as the public page and the admin's screen read it (docs/adr/0049); before any change, the empty « non conforme » one. */
@QueryHandler(GetAccessibilityStatement)
export class GetAccessibilityStatementHandler implements IQueryHandler<GetAccessibilityStatement> {
  constructor(private readonly db: Database) {}

  async execute(): Promise<AccessibilityStatementView> {
    const [row, centre] = await Promise.all([
      this.db.one<StatementRow>(`select *, audit_date::text as audit_date from centre.accessibility_statement where id = 1`),
      this.db.one<{ nom: string | null }>('select nom from centre.centre_identity where id = 1'),
    ]);
    const statement = row ?? EMPTY;
    const { updated_at: updatedAt, ...fields } = statement;
    const { statut, taux } = statusOf(statement);
    return {
      centre: centre?.nom ?? null,
      statut,
      taux,
      rgaa_version: fields.rgaa_version,
      audit_date: fields.audit_date,
      auditeur: fields.auditeur,
      criteres_applicables: fields.criteres_applicables,
      criteres_conformes: fields.criteres_conformes,
      non_conformites: fields.non_conformites,
      derogations: fields.derogations,
      hors_champ: fields.hors_champ,
      technologies: fields.technologies,
      environnement_test: fields.environnement_test,
      outils_evaluation: fields.outils_evaluation,
      pages_verifiees: fields.pages_verifiees,
      contact_email: fields.contact_email,
      contact_formulaire: fields.contact_formulaire,
      schema_pluriannuel_url: fields.schema_pluriannuel_url,
      plan_action_url: fields.plan_action_url,
      mis_a_jour_le: updatedAt ? new Date(updatedAt).toISOString() : null,
    };
  }
}

/** The centre's face on every page (one query, both rows by their key): name, logo's hash, the statement's status. */
@QueryHandler(GetCentreFace)
export class GetCentreFaceHandler implements IQueryHandler<GetCentreFace> {
  constructor(private readonly db: Database) {}

  async execute(): Promise<CentreFaceView> {
    const row = await this.db.one<{ nom: string | null; logo: string | null; audit_date: string | null; criteres_applicables: number | null; criteres_conformes: number | null }>(
      `select i.nom, case when i.logo_path is not null then i.logo_sha256 end as logo,
              s.audit_date::text as audit_date, s.criteres_applicables, s.criteres_conformes
         from (select 1 as id) one
         left join centre.centre_identity i on i.id = one.id
         left join centre.accessibility_statement s on s.id = one.id`,
    );
    return {
      nom: row?.nom ?? null,
      logo: row?.logo ?? null,
      accessibilite: statusOf({ audit_date: row?.audit_date ?? null, criteres_applicables: row?.criteres_applicables ?? null, criteres_conformes: row?.criteres_conformes ?? null }),
    };
  }
}
