import { Migration } from '@mikro-orm/migrations';

/**
 * The centre's hours' basis (issue 26 item 6, docs/adr/0035 and 0032): the basis of the hours the
 * certificates and attestations state, `temps_actif_mesure` (default) or `durees_declarees`; frozen
 * in each document's facts at issue.
 */
export class Migration20261126066CentreHoursBasis extends Migration {
  override name = '20261126-066-centre-hours-basis';

  override up(): void {
    this.addSql(`alter table centre.centre_identity add column base_heures text not null default 'temps_actif_mesure'
      check (base_heures in ('temps_actif_mesure', 'durees_declarees'))`);
  }
}
