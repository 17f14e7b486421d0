import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventLog } from '../../../platform/event-log/index.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ACCOUNT_STREAM, type IdentityEvent } from '../contracts/identity.events.js';
import { Account, normaliseEmail } from '../domain/account.entity.js';
import { EmailTakenError, StudentNotFoundError, TeacherNotFoundError, UsernameTakenError } from '../domain/identity.errors.js';
import { StudentProfile, TeacherProfile } from '../domain/profiles.entity.js';

/** E-mails and usernames are unique across every role, case-insensitive. */
export async function assertIdentityFree(em: EntityManager, email: string, username: string, exceptAccountId?: number): Promise<void> {
  const rows = await em.execute<{ email_taken: boolean; username_taken: boolean }[]>(
    `select coalesce(bool_or(lower(email) = lower(?)), false) as email_taken,
            coalesce(bool_or(lower(username) = lower(?)), false) as username_taken
       from identity.account where (lower(email) = lower(?) or lower(username) = lower(?)) and id <> ?`,
    [normaliseEmail(email), username.trim(), normaliseEmail(email), username.trim(), exceptAccountId ?? -1],
  );
  if (rows[0]?.email_taken) throw new EmailTakenError();
  if (rows[0]?.username_taken) throw new UsernameTakenError();
}

/** Maps a unique-index race (two registrations at once) to the same named errors. */
export function translateUniqueViolation(error: unknown): never {
  const message = String((error as { message?: string })?.message ?? '');
  if (message.includes('account_email_unique')) throw new EmailTakenError();
  if (message.includes('account_username_unique')) throw new UsernameTakenError();
  throw error;
}

export async function findAccountByEmail(em: EntityManager, email: string): Promise<Account | null> {
  return em.findOne(Account, { email: normaliseEmail(email) });
}

/**
 * A login name for a trainer who gave none: the e-mail's local part, cleaned, with -2, -3… when
 * it is taken (the trainer form of the spec has no username field).
 */
export async function availableUsername(em: EntityManager, email: string): Promise<string> {
  const base = (normaliseEmail(email).split('@')[0].replace(/[^\p{L}\p{N}._-]+/gu, '') || 'formateur').slice(0, 140);
  const rows = await em.execute<{ username: string }[]>(
    `select lower(username) as username from identity.account where lower(username) = lower(?) or lower(username) like lower(?)`,
    [base, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`],
  );
  const taken = new Set(rows.map((r) => r.username));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`.toLowerCase())) return `${base}-${n}`;
}

/** An identity event as a command records it: its type with the payload of that type. */
export type NewIdentityEvent = IdentityEvent extends infer E ? (E extends IdentityEvent ? { type: E['type']; payload: E['payload'] } : never) : never;

/**
 * Appends one event to the account's stream in the caller's transaction. A new account opens its
 * stream (version 0); later events go at its end, serialised by the log.
 */
export function recordAccountEvent(
  log: EventLog,
  em: EntityManager,
  accountId: number,
  event: NewIdentityEvent,
  options: { newAccount?: boolean; actor?: Actor } = {},
) {
  return log.append(em, {
    streamType: ACCOUNT_STREAM,
    streamId: accountId,
    expectedVersion: options.newAccount ? 0 : 'any',
    events: [event],
    metadata: options.actor ? { actor: { accountId: options.actor.accountId, role: options.actor.role } } : undefined,
  });
}

/** A student's or trainer's profile with its account, or their named 404. */
export async function loadProfileWithAccount(em: EntityManager, role: 'student' | 'teacher', profileId: number): Promise<StudentProfile | TeacherProfile> {
  const profile =
    role === 'student'
      ? await em.findOne(StudentProfile, { id: profileId }, { populate: ['account'] })
      : await em.findOne(TeacherProfile, { id: profileId }, { populate: ['account'] });
  if (!profile) throw role === 'student' ? new StudentNotFoundError() : new TeacherNotFoundError();
  return profile;
}
