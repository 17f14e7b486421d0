import { Migration } from '@mikro-orm/migrations';

/**
 * The centre's accessibility statement (issue 29 item 8, docs/adr/0049): one row in
 * `centre.accessibility_statement` (id 1, held by a check). The status is not stored: it is computed
 * from the audit's date and criteria (never « totalement conforme » by default). The figures are
 * checked here too (met ≤ applicable ≤ 106), so no write path can store a rate over 100 %.
 */
export class Migration20261127094AccessibilityStatement extends Migration {
  override name = '20261127-094-accessibility-statement';

  override up(): void {
    this.addSql(`create table centre.accessibility_statement (
      id integer primary key check (id = 1),
      rgaa_version text not null default '4.1.2',
      audit_date date,
      criteres_applicables integer check (criteres_applicables between 1 and 106),
      criteres_conformes integer check (criteres_conformes >= 0 and criteres_conformes <= criteres_applicables),
      auditeur text, non_conformites text, derogations text, hors_champ text,
      technologies text, environnement_test text, outils_evaluation text, pages_verifiees text,
      contact_email text, contact_formulaire text, schema_pluriannuel_url text, plan_action_url text,
      updated_at timestamptz,
      version integer not null default 0
    )`);
  }
}
