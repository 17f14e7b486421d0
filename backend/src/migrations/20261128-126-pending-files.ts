import { Migration } from '@mikro-orm/migrations';

/**
 * The stored files no committed row owns yet, or any more (docs/adr/0060). A staging names each file
 * here, committed, before it stores it; the transaction that uses the files takes their lines out as
 * it commits (and is refused if a line is gone: the sweep removed the file); a change that replaces a
 * file names the old one here in its own transaction, and the node removes it after the commit. A
 * line left behind is a file a node never finished with (killed between the staging and the commit,
 * or after the commit before the removal, or the store refused the removal): the hourly sweep removes
 * the file, then the line, in one transaction. Bookkeeping of stored files, not a fact of the domain:
 * no event, nothing of a person (paths are random names).
 */
export class Migration20261128126PendingFiles extends Migration {
  override name = '20261128-126-pending-files';

  override up(): void {
    this.addSql('create schema if not exists media');
    this.addSql(`create table media.pending_file (
      path text primary key check (path like '/media/%'),
      reason text not null check (reason in ('staged', 'superseded')),
      since timestamptz not null default now())`);
    this.addSql('create index pending_file_since on media.pending_file (reason, since)');
  }
}
