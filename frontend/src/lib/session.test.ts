import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getAccessToken,
  hasStoredLogin,
  loginPathForStoredRole,
  readSession,
  startSession,
  storeTokens,
} from './session';

const tokens = { access: 'a1', refresh: 'r1' };

describe('session', () => {
  describe('startSession', () => {
    it('stores the student keys of the spec but no token: the access token stays in memory (ADR 0029)', () => {
      startSession('student', { id: 7, username: 'alice', ...tokens });
      expect({ ...window.localStorage }).toEqual({
        studentLoginStatus: 'true',
        studentId: '7',
        username: 'alice',
        role: 'student',
      });
      expect({ ...window.sessionStorage }).toEqual({});
      expect(getAccessToken()).toBe('a1');
      expect(hasStoredLogin()).toBe(true);
    });

    it('stores the trainer id under both teacherId and formateur_id', () => {
      startSession('teacher', { id: 3, username: 'marc', ...tokens });
      expect(localStorage.getItem('teacherLoginStatus')).toBe('true');
      expect(localStorage.getItem('teacherId')).toBe('3');
      expect(localStorage.getItem('formateur_id')).toBe('3');
      expect(localStorage.getItem('role')).toBe('teacher');
    });

    it('stores the admin keys', () => {
      startSession('admin', { id: 1, username: 'admin@lms.fr', ...tokens });
      expect(localStorage.getItem('adminLoginStatus')).toBe('true');
      expect(localStorage.getItem('adminId')).toBe('1');
      expect(localStorage.getItem('role')).toBe('admin');
    });

    it("clears the other roles' keys: one session at a time", () => {
      startSession('teacher', { id: 3, username: 'marc', ...tokens });
      startSession('student', { id: 7, username: 'alice', access: 'a2', refresh: 'r2' });
      expect(localStorage.getItem('teacherLoginStatus')).toBeNull();
      expect(localStorage.getItem('teacherId')).toBeNull();
      expect(localStorage.getItem('formateur_id')).toBeNull();
      const session = readSession();
      expect(session.loggedIn).toEqual({ student: true, teacher: false, admin: false, auditor: false });
      expect(session.role).toBe('student');
      expect(getAccessToken()).toBe('a2');
    });
  });

  describe('readSession', () => {
    it('reads a logged-out browser', () => {
      expect(readSession()).toEqual({
        role: null,
        loggedIn: { student: false, teacher: false, admin: false, auditor: false },
        studentId: null,
        teacherId: null,
        adminId: null,
        auditorId: null,
        username: null,
      });
    });

    it('falls back to formateur_id and infers the role from the login flag', () => {
      localStorage.setItem('teacherLoginStatus', 'true');
      localStorage.setItem('formateur_id', '12');
      const session = readSession();
      expect(session.teacherId).toBe('12');
      expect(session.role).toBe('teacher');
    });

    it('does not count a flag other than the string true', () => {
      localStorage.setItem('studentLoginStatus', 'false');
      localStorage.setItem('studentId', '4');
      expect(readSession().loggedIn.student).toBe(false);
      expect(readSession().studentId).toBeNull();
    });
  });

  it('storeTokens keeps the new access token in memory only', () => {
    startSession('student', { id: 7, username: 'alice', ...tokens });
    storeTokens('a2');
    expect(getAccessToken()).toBe('a2');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('a2');
  });

  it('clearSession removes every session key (the tokens an older build stored too), forgets the token, and leaves other keys alone', () => {
    localStorage.setItem('unrelated', 'kept');
    localStorage.setItem('refreshToken', 'ancien');
    startSession('admin', { id: 1, username: 'root', ...tokens });
    localStorage.setItem('accessToken', 'ancien');
    clearSession();
    expect({ ...window.localStorage }).toEqual({ unrelated: 'kept' });
    expect(getAccessToken()).toBeNull();
    expect(hasStoredLogin()).toBe(false);
  });

  it.each([
    ['admin', '/admin-login'],
    ['teacher', '/teacher-login'],
    ['student', '/user-login'],
  ] as const)('the login page of a %s session is %s', (role, path) => {
    startSession(role, { id: 1, username: 'x', ...tokens });
    expect(loginPathForStoredRole()).toBe(path);
  });

  it('the login page defaults to the student one', () => {
    expect(loginPathForStoredRole()).toBe('/user-login');
  });
});
