import { Migration } from '@mikro-orm/migrations';

/**
 * The keys the pages draw for one creation of a bank question and one improvement action: a retry
 * finds what the first made (docs/adr/0022, 0045, 0048).
 */
export class Migration20261127102BankAndImprovementRequestKeys extends Migration {
  override name = '20261127-102-bank-and-improvement-request-keys';

  override up(): void {
    this.addSql(`alter table assessment.bank_question add column request_key uuid unique`);
    this.addSql(`alter table quality.improvement_action add column request_key uuid unique`);
  }
}
