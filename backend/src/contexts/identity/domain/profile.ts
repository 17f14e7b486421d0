import type { Rel } from '@mikro-orm/core';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { ACCOUNT_STREAM, type NewIdentityEvent } from '../contracts/identity.events.js';
import { createHash } from 'node:crypto';
import { Account } from './account.aggregate.js';
import { AccountClosedError, InvalidRecordError } from './identity.errors.js';

type ProfileRole = 'student' | 'teacher' | 'admin' | 'auditor';

/** The names of the fields whose value differs: ProfileUpdated lists them, never their values. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((field) => after[field] !== before[field]);
}

/**
 * A person's profile with its account: the identity aggregate. Its events go to the account's
 * stream, and the account row keeps the stream's version. Each method changes the state and
 * records the fact; handlers never choose an event type.
 */
export abstract class Profile extends AggregateRoot<NewIdentityEvent> {
  abstract id: number;
  abstract account: Rel<Account>;
  // A getter, not a field: the ORM hydrates rows without running field initialisers.
  abstract get role(): ProfileRole;

  get version(): number {
    return this.account.version;
  }

  set version(version: number) {
    this.account.version = version;
  }

  stream(): StreamRef {
    return { type: ACCOUNT_STREAM, id: this.account.id };
  }

  /** Ids are read when the event is appended: a new profile has them only after its insert. */
  protected ref() {
    return { accountId: this.account.id, role: this.role, profileId: this.id };
  }

  /** Suspends an active account (closing every session at once) or reactivates it; returns the new state. */
  toggleActive(now: Date): boolean {
    const active = this.account.toggleActive(now);
    this.record(() => ({ type: active ? 'AccountReactivated' : 'AccountSuspended', payload: this.ref() }));
    return active;
  }

  /** "Log out everywhere": every token issued so far stops working. */
  revokeSessions(now: Date): void {
    this.account.revokeSessions(now);
    this.record(() => ({ type: 'SessionsRevoked', payload: this.ref() }));
  }

  /** A new password also closes every session. */
  changePassword(passwordHash: string, now: Date, byAdmin: boolean): void {
    this.assertOpen();
    this.account.changePassword(passwordHash, now);
    this.record(() => ({ type: 'PasswordChanged', payload: { ...this.ref(), byAdmin } }));
  }

  /** The personal data a closure's digest proves (docs/adr/0015). */
  protected abstract personalRecord(): Record<string, unknown>;

  /** Closes the account of a person whose history the centre keeps (docs/adr/0015): no sign-in, out of every list. */
  close(now: Date, reasons: string[]): void {
    const digest = recordDigest({ ...this.personalRecord(), accountId: this.account.id, profileId: this.id, role: this.role });
    this.account.close(now);
    this.record(() => ({ type: 'AccountClosed', payload: { ...this.ref(), reasons, recordDigest: digest } }));
  }

  /** A person without any history is deleted: the store removes the rows; the log keeps the fact. */
  delete(): void {
    this.record(() => ({ type: 'AccountDeleted', payload: this.ref() }));
  }

  /** The account part of an erasure; returns the closing date, or null when there is nothing to erase. */
  protected eraseAccount(now: Date): Date | null {
    const closedAt = this.account.closedAt;
    if (!closedAt || this.account.erasedAt) return null;
    this.account.erase(now);
    this.record(() => ({ type: 'PersonalDataErased', payload: { ...this.ref(), closedAt: closedAt.toISOString() } }));
    return closedAt;
  }

  protected assertOpen(): void {
    if (this.account.closedAt) throw new AccountClosedError();
  }

  /** Records ProfileUpdated naming the fields that changed, or nothing when none did. */
  protected recordChanges(before: Record<string, unknown>, after: Record<string, unknown>): void {
    const fields = changedFields(before, after);
    if (fields.length > 0) this.record(() => ({ type: 'ProfileUpdated', payload: { ...this.ref(), fields } }));
  }
}

/** `prenom nom` → the first word and the rest (how a fullname typed by the student is split). */
export function splitFullname(fullname: string): { prenom: string; nom: string } {
  const trimmed = fullname.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0 ? { prenom: trimmed, nom: '' } : { prenom: trimmed.slice(0, space), nom: trimmed.slice(space + 1) };
}

/**
 * A name a record cannot lack (a first name, a last name), trimmed; a French refusal, not a
 * TypeError, when something other than text reaches the aggregate (the request layer refuses a
 * null before it). A blank one stays possible: a person who registered with one word has no
 * last name, and editing their phone must not require one.
 */
export function requiredName(value: unknown, label: string, field: string): string {
  if (typeof value !== 'string') throw new InvalidRecordError(`${label} est obligatoire.`, field);
  return value.trim();
}

export function joinNames(prenom: string, nom: string): string {
  return [prenom.trim(), nom.trim()].filter(Boolean).join(' ');
}

/** sha256 (hex) of a JSON whose keys are sorted: the same record always gives the same digest. */
export function recordDigest(record: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b))));
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
