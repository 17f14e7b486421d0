import { Migration } from '@mikro-orm/migrations';

/** The back office walks students by name then id (progress list, keyset batches of the exports): index that order. */
export class Migration20261124022StudentNameOrder extends Migration {
  override name = '20261124-022-student-name-order';

  override up(): void {
    this.addSql(`create index student_fullname_id on identity.student (fullname, id)`);
  }
}
