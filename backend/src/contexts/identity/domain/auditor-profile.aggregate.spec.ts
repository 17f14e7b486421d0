import { ForbiddenError, InvalidInputError } from '../../../shared-kernel/index.js';
import { Account } from './account.aggregate.js';
import { parisCalendarDate } from '../../../shared-kernel/index.js';
import { AuditorProfile } from './auditor-profile.aggregate.js';

/** Tuesday 1 December 2026, 10:00 in Paris. */
const now = new Date('2026-12-01T09:00:00Z');
const input = { fullName: ' Claire Auditrice ', organisation: 'Bureau Veritas — audit Qualiopi', endsOn: '2026-12-31', scope: { allCourses: false, courseIds: [7, 3, 7] }, invitationSha256: 'a'.repeat(64) };

function auditor(overrides: Partial<typeof input> = {}) {
  const account = new Account({ email: 'claire@bv.test', username: 'claire', passwordHash: 'h', role: 'auditor', now });
  account.id = 40;
  const a = AuditorProfile.invite(account, { ...input, ...overrides }, 1, now);
  a.id = 5;
  a.takeEvents();
  return a;
}

describe('AuditorProfile', () => {
  it('is invited with a trimmed name, a sorted scope without duplicates, and records AuditorInvited with ids and values only', () => {
    const account = new Account({ email: 'claire@bv.test', username: 'claire', passwordHash: 'h', role: 'auditor', now });
    account.id = 40;
    const a = AuditorProfile.invite(account, input, 1, now);
    a.id = 5;
    expect(a.fullName).toBe('Claire Auditrice');
    expect(a.courseIds).toEqual([3, 7]);
    expect(a.takeEvents()).toEqual([{ type: 'AuditorInvited', payload: { accountId: 40, auditorId: 5, endsOn: '2026-12-31', allCourses: false, courseIds: [3, 7], invitedBy: 1 } }]);
  });

  it('refuses an end date already past, a malformed one and an empty scope', () => {
    expect(() => auditor({ endsOn: '2026-11-30' })).toThrow(new InvalidInputError('La date de fin ne peut pas être déjà passée.'));
    expect(() => auditor({ endsOn: '31/12/2026' })).toThrow(InvalidInputError);
    expect(() => auditor({ scope: { allCourses: false, courseIds: [] } })).toThrow(new InvalidInputError('Choisissez au moins un cours, ou tout le centre.'));
    expect(() => auditor({ endsOn: '2026-12-01' })).not.toThrow();
  });

  describe('the scope rule', () => {
    it('admits a course of the scope and records the access; refuses another course, recording nothing', () => {
      const a = auditor();
      a.access('transcript', { courseId: 3, studentId: 11, documentId: null }, now);
      expect(a.takeEvents()).toEqual([{ type: 'AuditorAccessed', payload: { accountId: 40, auditorId: 5, what: 'transcript', courseId: 3, studentId: 11, documentId: null } }]);
      expect(() => a.access('transcript', { courseId: 4, studentId: 11, documentId: null }, now)).toThrow(new ForbiddenError("Ce cours n'est pas dans le périmètre de votre mission d'audit."));
      expect(a.takeEvents()).toEqual([]);
    });

    it('admits every course when the scope is the whole centre', () => {
      const a = auditor({ scope: { allCourses: true, courseIds: [9] } });
      expect(a.courseIds).toEqual([]);
      expect(() => a.assertMayRead(12345, now)).not.toThrow();
    });

    it('changes scope and end date, recording the new values once, nothing when nothing differs', () => {
      const a = auditor();
      a.changeScope('2027-01-15', { allCourses: false, courseIds: [4] }, 2, now);
      expect(a.takeEvents()).toEqual([{ type: 'AuditorScopeChanged', payload: { accountId: 40, auditorId: 5, endsOn: '2027-01-15', allCourses: false, courseIds: [4], changedBy: 2 } }]);
      a.changeScope('2027-01-15', { allCourses: false, courseIds: [4, 4] }, 2, now);
      expect(a.takeEvents()).toEqual([]);
      expect(() => a.assertMayRead(3, now)).toThrow(ForbiddenError);
      expect(() => a.assertMayRead(4, now)).not.toThrow();
    });
  });

  describe('the expiry rule (the centre’s day, Europe/Paris)', () => {
    it('reads through the whole last day in Paris, and is refused from the next one, sign-in included', () => {
      const a = auditor();
      a.activatedAt = now;
      const lastMinute = new Date('2026-12-31T22:59:00Z');
      expect(parisCalendarDate(lastMinute)).toBe('2026-12-31');
      expect(() => a.assertMayRead(3, lastMinute)).not.toThrow();
      const next = new Date('2026-12-31T23:00:00Z');
      const expired = new ForbiddenError("Votre accès d'auditeur a expiré le 31/12/2026.");
      expect(() => a.assertMayRead(3, next)).toThrow(expired);
      expect(() => a.access('document', { courseId: 3, studentId: 1, documentId: 2 }, next)).toThrow(expired);
      expect(() => a.assertCanSignIn(next)).toThrow(expired);
      expect(a.takeEvents()).toEqual([]);
    });

    it('refuses sign-in before the invitation is used, then admits it', () => {
      const a = auditor();
      expect(() => a.assertCanSignIn(now)).toThrow(ForbiddenError);
      a.activate('nouveau-hash', now);
      expect(a.invitationSha256).toBeNull();
      expect(() => a.assertCanSignIn(now)).not.toThrow();
    });

    it('once revoked: sessions closed, everything refused, no second revocation, no change', () => {
      const a = auditor();
      const epoch = a.account.sessionEpoch;
      a.end(1, now);
      expect(a.account.sessionEpoch).toBe(epoch + 1);
      expect(a.takeEvents()).toEqual([{ type: 'AuditorAccessEnded', payload: { accountId: 40, auditorId: 5, endedBy: 1 } }]);
      expect(() => a.assertMayRead(3, now)).toThrow(new ForbiddenError("Votre accès d'auditeur a été révoqué par le centre."));
      expect(() => a.end(1, now)).toThrow(ForbiddenError);
      expect(() => a.changeScope('2027-01-31', { allCourses: true, courseIds: [] }, 1, now)).toThrow(ForbiddenError);
    });
  });
});
