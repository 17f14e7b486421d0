import { Migration } from '@mikro-orm/migrations';

/**
 * Which checkpoints leave the server (docs/adr/0038): the daily one and an admin's are copied out
 * (e-mail, URL); one written for a dossier (ADR 0040) is timestamped but not copied — the next daily
 * checkpoint, copied out, commits to the same history — so a centre generating dossiers all day does
 * not flood the anchor mailbox. Not part of the signed text.
 */
export class Migration20261127075CheckpointCopies extends Migration {
  override name = '20261127-075-checkpoint-copies';

  override up(): void {
    this.addSql(`alter table ledger.checkpoint add column copies boolean not null default true`);
  }
}
