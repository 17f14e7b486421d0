import { Migration } from '@mikro-orm/migrations';

/**
 * The heads each checkpoint signed (docs/adr/0038), kept privately (never published): one row per
 * stream whose head changed since the previous checkpoint, so the heads of checkpoint n are each
 * stream's last row with seq ≤ n. They let `eventlog:verify` name the streams a rewrite touched,
 * and the dossier's inclusion proofs lead to the signed root even after the chain moved on.
 */
export class Migration20261127071LedgerHeads extends Migration {
  override name = '20261127-071-ledger-heads';

  override up(): void {
    this.addSql(`create table ledger.checkpoint_head (
      seq integer not null references ledger.checkpoint (seq),
      stream_type text not null,
      stream_id text not null,
      stream_version integer not null check (stream_version > 0),
      hash text not null,
      primary key (stream_type, stream_id, seq)
    )`);
    this.addSql('create index checkpoint_head_seq on ledger.checkpoint_head (seq)');
    this.addSql(`create function ledger.checkpoint_head_written_once() returns trigger language plpgsql as $$
      begin raise exception 'les têtes signées d''un point de contrôle ne se modifient pas'; end $$`);
    this.addSql(`create trigger checkpoint_head_written_once before update or delete on ledger.checkpoint_head
      for each row execute function ledger.checkpoint_head_written_once()`);
  }
}
