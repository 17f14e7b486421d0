import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Rel } from '@mikro-orm/core';
import { Account } from './account.aggregate.js';
import { Profile } from './profile.js';

@Entity({ tableName: 'admin', schema: 'identity' })
export class AdminProfile extends Profile {
  get role(): 'admin' {
    return 'admin';
  }

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => Account, { owner: true, fieldName: 'account_id', deleteRule: 'cascade' })
  account: Rel<Account>;

  @Property({ type: 'string', length: 200, fieldName: 'full_name' })
  fullName: string;

  constructor(account: Account, fullName: string) {
    super();
    this.account = account;
    this.fullName = fullName.trim();
  }

  protected personalRecord(): Record<string, unknown> {
    return { fullName: this.fullName, email: this.account.email, username: this.account.username };
  }

  /** Admins are created by operators (demo data, a deployment script), never by self-registration. */
  static create(account: Account, fullName: string): AdminProfile {
    const admin = new AdminProfile(account, fullName);
    admin.record(() => ({ type: 'AdminCreated', payload: { accountId: admin.account.id, adminId: admin.id } }));
    return admin;
  }
}
