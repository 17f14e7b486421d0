import type { EntityManager } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '../../../platform/aggregate-store/index.js';
import type { DomainError } from '../../../shared-kernel/index.js';
import { Account, normaliseEmail } from '../domain/account.aggregate.js';
import { EmailTakenError, StudentNotFoundError, TeacherNotFoundError, UsernameTakenError, UserNotFoundError } from '../domain/identity.errors.js';
import { StudentProfile, TeacherProfile } from '../domain/profiles.js';

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

/** Names a unique-index race (two registrations at once) as the same errors the checks give. */
export function identityUniqueViolation(message: string): DomainError | undefined {
  if (message.includes('account_email_unique')) return new EmailTakenError();
  if (message.includes('account_username_unique')) return new UsernameTakenError();
  return undefined;
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

/** A student's or trainer's profile with its account (tracked by the unit of work), or their named 404. */
export function loadProfile(uow: UnitOfWork, role: 'student' | 'teacher', profileId: number): Promise<StudentProfile | TeacherProfile> {
  return role === 'student'
    ? uow.load(StudentProfile, { id: profileId }, () => new StudentNotFoundError(), { populate: ['account'] })
    : uow.load(TeacherProfile, { id: profileId }, () => new TeacherNotFoundError(), { populate: ['account'] });
}

/** The student's or trainer's profile of an account (`/users/{id}/`); admins' accounts are not managed here. */
export async function loadProfileOfAccount(uow: UnitOfWork, accountId: number): Promise<StudentProfile | TeacherProfile> {
  const student = await uow.find(StudentProfile, { account: accountId }, { populate: ['account'] });
  if (student) return student;
  return uow.load(TeacherProfile, { account: accountId }, () => new UserNotFoundError(), { populate: ['account'] });
}
