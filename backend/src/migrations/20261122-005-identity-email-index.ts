import { Migration } from '@mikro-orm/migrations';

/** E-mails are stored normalised (lower case), so logins look them up as they are: index that. */
export class Migration20261122005IdentityEmailIndex extends Migration {
  override name = '20261122-005-identity-email-index';

  override up(): void {
    this.addSql(`create index account_email_role on identity.account (email, role)`);
    this.addSql(`create index revoked_access_token_expiry on identity.revoked_access_token (expires_at)`);
    this.addSql(`create index refresh_token_expiry on identity.refresh_token (expires_at)`);
  }
}
