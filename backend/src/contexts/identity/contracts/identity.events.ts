import type { RecordedEvent, RecordedPart } from '../../../shared-kernel/index.js';

/** Every identity event is in the stream of one account: `identity.account/<account id>`. */
export const ACCOUNT_STREAM = 'identity.account';

type Role = 'student' | 'teacher' | 'admin';
interface AccountRef {
  accountId: number;
  role: Role;
  profileId: number;
}

/**
 * The facts identity records (docs/event-catalogue.md). Payloads hold ids and values, never
 * personal data (names, e-mails) nor password hashes: the log cannot be erased.
 */
export type IdentityEvent =
  | RecordedEvent<'StudentRegistered', { accountId: number; studentId: number }>
  | RecordedEvent<'TeacherRegistered', { accountId: number; teacherId: number }>
  | RecordedEvent<'AdminCreated', { accountId: number; adminId: number }>
  | RecordedEvent<'AccountSuspended', AccountRef>
  | RecordedEvent<'AccountReactivated', AccountRef>
  | RecordedEvent<'PasswordChanged', AccountRef & { byAdmin: boolean }>
  | RecordedEvent<'SessionsRevoked', AccountRef>
  | RecordedEvent<'ProfileUpdated', AccountRef & { fields: string[] }>;

export type IdentityEventType = IdentityEvent['type'];

/** An identity event as a domain method records it (the log adds position, version, hash…). */
export type NewIdentityEvent = RecordedPart<IdentityEvent>;
