import { Migration } from '@mikro-orm/migrations';

/** The key the admin's page draws for one scheduling of a session: a retry finds the session it made (docs/adr/0022, 0050). */
export class Migration20261127101SessionRequestKey extends Migration {
  override name = '20261127-101-session-request-key';

  override up(): void {
    this.addSql(`alter table enrolment.training_session add column request_key uuid unique`);
  }
}
