import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  loginPathForStoredRole,
  readSession,
  startSession,
  storeTokens,
} from './session';

const tokens = { access: 'a1', refresh: 'r1' };

describe('session', () => {
  describe('startSession', () => {
    it('stores the student keys of the spec', () => {
      startSession('student', { id: 7, username: 'alice', ...tokens });
      expect({ ...window.localStorage }).toEqual({
        studentLoginStatus: 'true',
        studentId: '7',
        username: 'alice',
        accessToken: 'a1',
        refreshToken: 'r1',
        role: 'student',
      });
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
      expect(session.loggedIn).toEqual({ student: true, teacher: false, admin: false });
      expect(session.role).toBe('student');
      expect(getAccessToken()).toBe('a2');
    });
  });

  describe('readSession', () => {
    it('reads a logged-out browser', () => {
      expect(readSession()).toEqual({
        role: null,
        loggedIn: { student: false, teacher: false, admin: false },
        studentId: null,
        teacherId: null,
        adminId: null,
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

  it('storeTokens keeps the refresh token when the answer has none', () => {
    startSession('student', { id: 7, username: 'alice', ...tokens });
    storeTokens('a2');
    expect(getAccessToken()).toBe('a2');
    expect(getRefreshToken()).toBe('r1');
    storeTokens('a3', 'r3');
    expect(getRefreshToken()).toBe('r3');
  });

  it('clearSession removes every session key and leaves other keys alone', () => {
    localStorage.setItem('unrelated', 'kept');
    startSession('admin', { id: 1, username: 'root', ...tokens });
    clearSession();
    expect({ ...window.localStorage }).toEqual({ unrelated: 'kept' });
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
