import type { Projection } from '../../../../platform/event-log/index.js';
import type { IdentityEvent } from '../../contracts/identity.events.js';

export interface AccountLifecycleRow extends Record<string, unknown> {
  account_id: number;
  role: string;
  profile_id: number;
  registered_at: string;
  is_active: boolean;
  suspensions: number;
  last_suspended_at: string | null;
  password_changes: number;
  last_password_change_at: string | null;
  profile_updates: number;
  last_event_at: string;
}

function registered(event: IdentityEvent, role: string, profileId: number): AccountLifecycleRow {
  return {
    account_id: Number(event.streamId),
    role,
    profile_id: profileId,
    registered_at: event.occurredAt,
    is_active: true,
    suspensions: 0,
    last_suspended_at: null,
    password_changes: 0,
    last_password_change_at: null,
    profile_updates: 0,
    last_event_at: event.occurredAt,
  };
}

/** One row per account: when it arrived, how often it was suspended, changed its password or profile (analytics.accounts). */
export const accountLifecycleProjection: Projection<AccountLifecycleRow, IdentityEvent> = {
  name: 'identity.account-lifecycle',
  table: 'identity.account_lifecycle',
  primaryKey: ['account_id'],
  handles: [
    'StudentRegistered', 'TeacherRegistered', 'AdminCreated', 'AccountSuspended', 'AccountReactivated', 'PasswordChanged', 'SessionsRevoked', 'ProfileUpdated',
    'StudentCreated', 'TrainerCreated', 'StudentUpdated', 'AccountClosed', 'AccountDeleted', 'PersonalDataErased', 'TrainerAccepted', 'TrainerRefused',
    'AuditorInvited', 'AuditorScopeChanged', 'AuditorAccessEnded', 'AccountActivated',
  ],
  key: (event) => ({ account_id: Number(event.streamId) }),
  evolve(row, event) {
    switch (event.type) {
      case 'StudentRegistered':
        return registered(event, 'student', event.payload.studentId);
      case 'TeacherRegistered':
        return registered(event, 'teacher', event.payload.teacherId);
      case 'AdminCreated':
        return registered(event, 'admin', event.payload.adminId);
      case 'StudentCreated':
        return registered(event, 'student', event.payload.studentId);
      case 'TrainerCreated':
        return registered(event, 'teacher', event.payload.teacherId);
      case 'AuditorInvited':
        return registered(event, 'auditor', event.payload.auditorId);
      case 'AccountDeleted':
        return null;
    }
    // An account created before the log existed has no row: nothing to update.
    if (row === null) return null;
    const next = { ...row, last_event_at: event.occurredAt };
    switch (event.type) {
      case 'AccountSuspended':
        return { ...next, is_active: false, suspensions: row.suspensions + 1, last_suspended_at: event.occurredAt };
      case 'AccountReactivated':
        return { ...next, is_active: true };
      case 'PasswordChanged':
      // A learner of an import chose their first password (docs/adr/0052).
      case 'AccountActivated':
        return { ...next, password_changes: row.password_changes + 1, last_password_change_at: event.occurredAt };
      case 'ProfileUpdated':
      case 'StudentUpdated':
        return { ...next, profile_updates: row.profile_updates + 1 };
      case 'AccountClosed':
        return { ...next, is_active: false };
      case 'SessionsRevoked':
      case 'PersonalDataErased':
      case 'TrainerAccepted':
      case 'TrainerRefused':
      case 'AuditorScopeChanged':
      case 'AuditorAccessed':
        return next;
      case 'AuditorAccessEnded':
        return { ...next, is_active: false };
    }
  },
};
