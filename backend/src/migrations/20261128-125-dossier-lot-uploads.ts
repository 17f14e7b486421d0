import { Migration } from '@mikro-orm/migrations';

/**
 * The ZIPs a batch of dossiers stores before saving its row (issue 32, docs/adr/0059). A try names
 * its ZIP here, committed, before storing it; the transaction that saves the batch takes the name
 * out of this table as it records it in `evidence.generated_dossier`. A name left here is a ZIP no
 * dossier owns (a try killed between the two, on any node): the next try of the job, or the
 * retention's sweep, removes the object and the line. Bookkeeping of stored files, not a fact of
 * the domain (no event, as for the staged uploads); nothing of a learner in it.
 */
export class Migration20261128125DossierLotUploads extends Migration {
  override name = '20261128-125-dossier-lot-uploads';

  override up(): void {
    this.addSql(`create table evidence.dossier_lot_upload (
      file_path text primary key,
      job_id text not null,
      stored_at timestamptz not null)`);
    this.addSql('create index dossier_lot_upload_job on evidence.dossier_lot_upload (job_id)');
  }
}
