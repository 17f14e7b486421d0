import type { RecordedEvent, RecordedPart } from '../../../shared-kernel/index.js';

/** Every identity event is in the stream of one account: `identity.account/<account id>`. */
export const ACCOUNT_STREAM = 'identity.account';

type Role = 'student' | 'teacher' | 'admin' | 'auditor';

/** What an auditor read (docs/adr/0039): the learners of a course, a transcript, a list of documents, a document's PDF, a dossier. */
export type AuditorAccessKind = 'learners' | 'transcript' | 'documents' | 'document' | 'dossier';
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
  | RecordedEvent<'ProfileUpdated', AccountRef & { fields: string[] }>
  /** An admin created the student (POST /students/); tutoring's policy assigns `trainerId` when given. */
  | RecordedEvent<'StudentCreated', { accountId: number; studentId: number; trainerId: number | null; welcomeEmail: boolean; importId?: string }>
  /**
   * A learner created without a password (a bulk import, docs/adr/0052) chose theirs with their
   * single-use activation link; `emailChosen` when they also chose their login e-mail (none was known).
   */
  | RecordedEvent<'AccountActivated', AccountRef & { emailChosen: boolean }>
  /** An admin changed the administrative record: the names of the fields, never their values. */
  | RecordedEvent<'StudentUpdated', AccountRef & { fields: string[] }>
  | RecordedEvent<'TrainerCreated', { accountId: number; teacherId: number }>
  /** An admin accepted a trainer who registered through the public page (docs/adr/0030). */
  | RecordedEvent<'TrainerAccepted', { accountId: number; teacherId: number }>
  /** An admin refused them: the reason's sha256 (hex, UTF-8 of the trimmed text) and length, never its text. */
  | RecordedEvent<'TrainerRefused', { accountId: number; teacherId: number; reasonSha256: string; reasonLength: number }>
  /**
   * A person with history was removed: the account is closed, the history kept. `reasons` are the
   * codes of the contexts holding records; `recordDigest` the sha256 (hex) of the canonical JSON of
   * the personal record at closure, proof of what it was once the data is erased.
   */
  | RecordedEvent<'AccountClosed', AccountRef & { reasons: string[]; recordDigest: string }>
  /** A person without any history was removed: the profile and account rows are gone. */
  | RecordedEvent<'AccountDeleted', AccountRef>
  /** The retention period of a closed account ended: its personal data was erased. */
  | RecordedEvent<'PersonalDataErased', AccountRef & { closedAt: string }>
  /** An admin invited an auditor (docs/adr/0039): read-only until the end of `endsOn` (a day of the centre), on every course or on `courseIds`. */
  | RecordedEvent<'AuditorInvited', { accountId: number; auditorId: number; endsOn: string; allCourses: boolean; courseIds: number[]; invitedBy: number }>
  /** An admin changed the end date (extended or shortened) and/or the scope: the new values. */
  | RecordedEvent<'AuditorScopeChanged', { accountId: number; auditorId: number; endsOn: string; allCourses: boolean; courseIds: number[]; changedBy: number }>
  /** An admin revoked the access before its end date: every session closed. */
  | RecordedEvent<'AuditorAccessEnded', { accountId: number; auditorId: number; endedBy: number }>
  /** An auditor read evidence inside their scope: what, and the ids it concerned (null when it concerns none). */
  | RecordedEvent<
      'AuditorAccessed',
      { accountId: number; auditorId: number; what: AuditorAccessKind; courseId: number | null; studentId: number | null; documentId: number | null }
    >;

export type IdentityEventType = IdentityEvent['type'];

/** An identity event as a domain method records it (the log adds position, version, hash…). */
export type NewIdentityEvent = RecordedPart<IdentityEvent>;
