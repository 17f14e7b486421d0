import { Migration } from '@mikro-orm/migrations';

/**
 * An auditor generates and downloads dossiers de preuves of their scope (issue 27 item 4,
 * docs/adr/0039 « Dossiers »): the dossier they generate is stored like an admin's, its row naming
 * them (`generated_by_role = 'auditor'`, `generated_by` their auditor profile).
 */
export class Migration20261127076AuditorDossiers extends Migration {
  override name = '20261127-076-auditor-dossiers';

  override up(): void {
    this.addSql('alter table evidence.generated_dossier drop constraint generated_dossier_generated_by_role_check');
    this.addSql(`alter table evidence.generated_dossier add constraint generated_dossier_generated_by_role_check check (generated_by_role in ('teacher', 'admin', 'auditor'))`);
  }
}
