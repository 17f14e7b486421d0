/**
 * The browser session: the localStorage keys named by the spec (01 §3, 02 §3, 03 §3), except the
 * tokens (docs/adr/0029-sessions-out-of-scripts-reach.md): the access token lives in this module's
 * memory only, the refresh token in an HttpOnly cookie no script can read. A reload or a new tab
 * starts without an access token; its first authenticated call answers 401 and the refresh
 * (base-query.ts) gets one from the cookie. Logging out in one tab logs out every tab
 * (BroadcastChannel, plus the `storage` event of the cleared keys).
 * Only one role is logged in at a time: starting a session clears the other roles' keys.
 */

/** `auditor`: a read-only access with a scope and an end date (docs/adr/0039), signed in on /auditeur/connexion. */
export type Role = 'student' | 'teacher' | 'admin' | 'auditor';

export const SESSION_KEYS = {
  studentLoginStatus: 'studentLoginStatus',
  studentId: 'studentId',
  teacherLoginStatus: 'teacherLoginStatus',
  teacherId: 'teacherId',
  formateurId: 'formateur_id',
  adminLoginStatus: 'adminLoginStatus',
  adminId: 'adminId',
  auditorLoginStatus: 'auditorLoginStatus',
  auditorId: 'auditorId',
  username: 'username',
  /** No longer written (docs/adr/0029): kept so that clearSession removes what an older build stored. */
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  role: 'role',
} as const;

/** The access token: in memory only, never in any storage a script of the page could read later. */
let accessToken: string | null = null;

const CHANNEL = 'lms-session';
let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent) => {
      // Another tab logged out (or its refresh failed): this tab's token dies with the session.
      if (event.data === 'logout') {
        accessToken = null;
        for (const listener of logoutListeners) listener();
      }
    });
  }
  return channel;
}

const logoutListeners = new Set<() => void>();

/** Called when another tab ends the session; returns the unsubscribe function. */
export function onLogoutElsewhere(listener: () => void): () => void {
  sessionChannel();
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

/** Tells the other tabs the session ended. */
export function announceLogout(): void {
  sessionChannel()?.postMessage('logout');
}

const ALL_KEYS = Object.values(SESSION_KEYS);

export interface SessionSnapshot {
  /** The role stored under `role`, or the one whose login flag is set. */
  role: Role | null;
  loggedIn: Record<Role, boolean>;
  studentId: string | null;
  teacherId: string | null;
  adminId: string | null;
  auditorId: string | null;
  username: string | null;
}

export interface SessionStart {
  id: string | number;
  username: string;
  access: string;
  refresh: string;
}

export const LOGIN_PATHS: Record<Role, string> = {
  student: '/user-login',
  teacher: '/teacher-login',
  admin: '/admin-login',
  auditor: '/auditeur/connexion',
};

export const DASHBOARD_PATHS: Record<Role, string> = {
  student: '/user-dashboard',
  teacher: '/teacher-dashboard',
  admin: '/admin-dashboard',
  auditor: '/auditeur',
};

export const LOGOUT_PATHS: Record<Role, string> = {
  student: '/user-logout',
  teacher: '/teacher-logout',
  admin: '/admin-logout',
  auditor: '/auditeur/deconnexion',
};

const ROLES: readonly Role[] = ['student', 'teacher', 'admin', 'auditor'];

function isRole(value: string | null): value is Role {
  return value !== null && (ROLES as readonly string[]).includes(value);
}

function get(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readSession(): SessionSnapshot {
  const loggedIn: Record<Role, boolean> = {
    student: get(SESSION_KEYS.studentLoginStatus) === 'true',
    teacher: get(SESSION_KEYS.teacherLoginStatus) === 'true',
    admin: get(SESSION_KEYS.adminLoginStatus) === 'true',
    auditor: get(SESSION_KEYS.auditorLoginStatus) === 'true',
  };
  const storedRole = get(SESSION_KEYS.role);
  const role = isRole(storedRole) ? storedRole : (ROLES.find((r) => loggedIn[r]) ?? null);
  return {
    role,
    loggedIn,
    studentId: loggedIn.student ? get(SESSION_KEYS.studentId) : null,
    teacherId: loggedIn.teacher
      ? (get(SESSION_KEYS.teacherId) ?? get(SESSION_KEYS.formateurId))
      : null,
    adminId: loggedIn.admin ? get(SESSION_KEYS.adminId) : null,
    auditorId: loggedIn.auditor ? get(SESSION_KEYS.auditorId) : null,
    username: get(SESSION_KEYS.username),
  };
}

export function sameSession(a: SessionSnapshot, b: SessionSnapshot): boolean {
  return (
    a.role === b.role &&
    a.username === b.username &&
    a.studentId === b.studentId &&
    a.teacherId === b.teacherId &&
    a.adminId === b.adminId &&
    a.auditorId === b.auditorId &&
    ROLES.every((r) => a.loggedIn[r] === b.loggedIn[r])
  );
}

/** Removes every session key of every role and forgets the access token. */
export function clearSession(): void {
  accessToken = null;
  for (const key of ALL_KEYS) window.localStorage.removeItem(key);
}

/** Stores a fresh login; the other roles' keys are cleared first. */
export function startSession(role: Role, start: SessionStart): void {
  clearSession();
  const id = String(start.id);
  const s = window.localStorage;
  if (role === 'student') {
    s.setItem(SESSION_KEYS.studentLoginStatus, 'true');
    s.setItem(SESSION_KEYS.studentId, id);
  } else if (role === 'teacher') {
    s.setItem(SESSION_KEYS.teacherLoginStatus, 'true');
    s.setItem(SESSION_KEYS.teacherId, id);
    s.setItem(SESSION_KEYS.formateurId, id);
  } else if (role === 'auditor') {
    s.setItem(SESSION_KEYS.auditorLoginStatus, 'true');
    s.setItem(SESSION_KEYS.auditorId, id);
  } else {
    s.setItem(SESSION_KEYS.adminLoginStatus, 'true');
    s.setItem(SESSION_KEYS.adminId, id);
  }
  s.setItem(SESSION_KEYS.username, start.username);
  s.setItem(SESSION_KEYS.role, role);
  // The refresh token of the answer is not kept: the server also set it as an HttpOnly cookie.
  accessToken = start.access;
}

export function getAccessToken(): string | null {
  return accessToken;
}

/** A role is logged in (its flag is stored): a 401 is then worth a refresh from the cookie. */
export function hasStoredLogin(): boolean {
  return readSession().role !== null;
}

/** Keeps the access token of a refresh in memory (the new refresh token came as a cookie). */
export function storeTokens(access: string): void {
  accessToken = access;
}

export function setUsername(username: string): void {
  window.localStorage.setItem(SESSION_KEYS.username, username);
}

/** Login page of the stored role; students are the default (01 §6). */
export function loginPathForStoredRole(): string {
  const { role } = readSession();
  return LOGIN_PATHS[role ?? 'student'];
}
