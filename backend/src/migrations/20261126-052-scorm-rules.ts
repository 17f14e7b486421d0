import { Migration } from '@mikro-orm/migrations';

/**
 * SCORM run-time rules (issue 23, items 3–5): what validates a SCORM chapter, chosen by its trainer
 * (every required SCO completed, passed, or either: the default). The parts a learner must go
 * through (not assets, not hidden items) are read from the stored manifest at read time; packages
 * imported before this change have their manifest re-read from their stored imsmanifest.xml when
 * the app starts (ScormManifestUpgrade, docs/adr/0026).
 */
export class Migration20261126052ScormRules extends Migration {
  override name = '20261126-052-scorm-rules';

  override up(): void {
    this.addSql(`alter table catalogue.chapter add column scorm_rule text not null default 'completed_or_passed'
      check (scorm_rule in ('completed_or_passed', 'completed', 'passed'))`);
  }
}
