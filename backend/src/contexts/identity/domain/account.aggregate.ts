import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { ROLES, type Role } from '../../../shared-kernel/index.js';
import { AccountClosedError, AccountSuspendedError } from './identity.errors.js';

/**
 * Credentials and session state of one person. `sessionEpoch` is carried by every token:
 * raising it (suspension, password change, "log out everywhere") invalidates them all at once,
 * on every app node, because each request checks it against this row.
 */
@Entity({ tableName: 'account', schema: 'identity' })
export class Account {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 254 })
  email: string;

  @Property({ type: 'string', length: 150 })
  username: string;

  @Property({ type: 'string', fieldName: 'password_hash', hidden: true })
  passwordHash: string;

  @Enum({ items: () => [...ROLES], type: 'string' })
  role: Role;

  @Property({ type: 'boolean', fieldName: 'is_active' })
  isActive = true;

  @Property({ type: 'integer', fieldName: 'session_epoch' })
  sessionEpoch = 0;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'datetime', fieldName: 'updated_at' })
  updatedAt: Date;

  /** Closed by an admin's removal of a person with history (docs/adr/0015): no sign-in, no lists, never reactivated. */
  @Property({ type: 'datetime', fieldName: 'closed_at', nullable: true })
  closedAt: Date | null = null;

  /** When the personal data of a closed account was erased at the end of its retention period. */
  @Property({ type: 'datetime', fieldName: 'erased_at', nullable: true })
  erasedAt: Date | null = null;

  /** Events in the account's stream (`identity.account/<id>`): the version its profile was loaded at. */
  @Property({ type: 'integer' })
  version = 0;

  constructor(props: { email: string; username: string; passwordHash: string; role: Role; now: Date }) {
    this.email = normaliseEmail(props.email);
    this.username = props.username.trim();
    this.passwordHash = props.passwordHash;
    this.role = props.role;
    this.createdAt = props.now;
    this.updatedAt = props.now;
  }

  assertCanSignIn(): void {
    if (!this.isActive) throw new AccountSuspendedError();
  }

  changePassword(passwordHash: string, now: Date): void {
    this.passwordHash = passwordHash;
    this.revokeSessions(now);
  }

  changeIdentity(email: string, username: string, now: Date): void {
    this.email = normaliseEmail(email);
    this.username = username.trim();
    this.updatedAt = now;
  }

  /** Returns the new state. Suspension revokes every token at once. A closed account stays closed. */
  toggleActive(now: Date): boolean {
    if (this.closedAt) throw new AccountClosedError();
    this.isActive = !this.isActive;
    if (!this.isActive) this.revokeSessions(now);
    else this.updatedAt = now;
    return this.isActive;
  }

  /** Closes the account: inactive for good, every session revoked at once. */
  close(now: Date): void {
    if (this.closedAt) throw new AccountClosedError();
    this.closedAt = now;
    this.isActive = false;
    this.revokeSessions(now);
  }

  /** Replaces the login and e-mail of an erased account by placeholders that name no one. */
  erase(now: Date): void {
    this.email = `supprime-${this.id}@invalid`;
    this.username = `supprime-${this.id}`;
    this.erasedAt = now;
    this.updatedAt = now;
  }

  revokeSessions(now: Date): void {
    this.sessionEpoch += 1;
    this.updatedAt = now;
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
