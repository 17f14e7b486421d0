import { Account } from './account.aggregate.js';
import { AccountSuspendedError } from './identity.errors.js';
import { assertAcceptablePassword } from './password-policy.js';

const now = new Date('2026-11-21T10:00:00Z');
const account = () => new Account({ email: ' Lea.Dubois@Example.FR ', username: 'lea', passwordHash: 'h', role: 'student', now });

describe('Account', () => {
  it('stores the e-mail trimmed and lower-cased', () => {
    expect(account().email).toBe('lea.dubois@example.fr');
  });

  it('lets an active account sign in', () => {
    expect(() => account().assertCanSignIn()).not.toThrow();
  });

  describe('when suspended', () => {
    it('refuses sign-in and revokes every session', () => {
      const a = account();
      expect(a.toggleActive(now)).toBe(false);
      expect(a.sessionEpoch).toBe(1);
      expect(() => a.assertCanSignIn()).toThrow(AccountSuspendedError);
    });

    it('signs in again once reactivated, with the old sessions still revoked', () => {
      const a = account();
      a.toggleActive(now);
      expect(a.toggleActive(now)).toBe(true);
      expect(a.sessionEpoch).toBe(1);
      expect(() => a.assertCanSignIn()).not.toThrow();
    });
  });

  it('revokes sessions when the password changes', () => {
    const a = account();
    a.changePassword('new', now);
    expect(a.passwordHash).toBe('new');
    expect(a.sessionEpoch).toBe(1);
  });
});

describe('password policy', () => {
  it('refuses an empty password', () => {
    expect(() => assertAcceptablePassword('   ')).toThrow('Le mot de passe ne peut pas être vide.');
  });
  it('refuses fewer than 12 characters', () => {
    expect(() => assertAcceptablePassword('court123456')).toThrow('au moins 12 caractères');
  });
  it('accepts 12 characters, counting accented letters once', () => {
    expect(assertAcceptablePassword('éléphant1234')).toBe('éléphant1234');
  });
});
