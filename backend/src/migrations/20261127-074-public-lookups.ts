import { Migration } from '@mikro-orm/migrations';

/**
 * The public verification page's lookups (issue 27 item 5, docs/adr/0040): `evidence.public_lookup`
 * counts each address's lookups of a verification code over a sliding window, in PostgreSQL so that
 * the limit holds across app nodes (as identity.login_attempt does for logins). Rows older than the
 * window are deleted as new ones arrive; no code or answer is kept, only the address and the time.
 */
export class Migration20261127074PublicLookups extends Migration {
  override name = '20261127-074-public-lookups';

  override up(): void {
    this.addSql(`create table evidence.public_lookup (
      id bigint generated always as identity primary key,
      address text not null,
      looked_up_at timestamptz not null default now()
    )`);
    this.addSql(`create index public_lookup_address on evidence.public_lookup (address, looked_up_at)`);
    this.addSql(`create index public_lookup_time on evidence.public_lookup (looked_up_at)`);
  }
}
