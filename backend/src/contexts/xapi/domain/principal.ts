import type { Actor } from '../../../shared-kernel/index.js';
import { XapiError } from './xapi.errors.js';

export const SCOPES = ['statements/write', 'statements/read/mine', 'statements/read', 'state', 'profile', 'all'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Who calls the LRS: an activity provider's Basic credential, a signed-in person's session (the
 * player: a student), or the platform itself (the player-statements policy).
 */
export type XapiPrincipal =
  | { kind: 'credential'; credentialId: number; key: string; name: string; scopes: readonly Scope[] }
  | { kind: 'session'; actor: Actor }
  | { kind: 'platform' };

type Obj = Record<string, unknown>;

/** The IRL that names the platform: the homePage of its accounts (a student is `account.name` = their student id). */
export class XapiHome {
  constructor(readonly homePage: string) {}

  studentAgent(studentId: number, name?: string): Obj {
    return { objectType: 'Agent', ...(name ? { name } : {}), account: { homePage: this.homePage, name: String(studentId) } };
  }

  studentKey(studentId: number): string {
    return `account:${this.homePage}|${studentId}`;
  }

  /** The `authority` the LRS writes into each statement it stores, from who sent it. */
  authority(principal: XapiPrincipal): Obj {
    switch (principal.kind) {
      case 'credential':
        return { objectType: 'Agent', name: principal.name, account: { homePage: this.homePage, name: `credential/${principal.key}` } };
      case 'session':
        return principal.actor.role === 'student'
          ? this.studentAgent(principal.actor.profileId)
          : { objectType: 'Agent', account: { homePage: this.homePage, name: `${principal.actor.role}/${principal.actor.profileId}` } };
      case 'platform':
        return { objectType: 'Agent', name: 'LMS', account: { homePage: this.homePage, name: 'platform' } };
    }
  }

  courseIri(courseId: number): string {
    return `${this.homePage.replace(/\/$/, '')}/xapi/activities/course/${courseId}`;
  }

  stepIri(courseId: number, kind: string, stepId: number): string {
    return `${this.courseIri(courseId)}/${kind}/${stepId}`;
  }

  /** The course a platform activity IRI names (a course or one of its steps), or null. */
  courseOf(iri: string): number | null {
    const prefix = `${this.homePage.replace(/\/$/, '')}/xapi/activities/course/`;
    if (!iri.startsWith(prefix)) return null;
    const match = /^(\d{1,9})(?:\/|$)/.exec(iri.slice(prefix.length));
    return match ? Number(match[1]) : null;
  }
}

export const FORBIDDEN = (what: string) => new XapiError(403, `Forbidden: ${what}`);

export function hasScope(principal: XapiPrincipal, ...wanted: Scope[]): boolean {
  if (principal.kind !== 'credential') return false;
  return principal.scopes.includes('all') || wanted.some((scope) => principal.scopes.includes(scope));
}

/** Which statements a principal may read: all, or a restriction the query adds. */
export type ReadScope =
  | { kind: 'all' }
  | { kind: 'credential'; credentialId: number }
  | { kind: 'actor'; actorKey: string }
  | { kind: 'teacher'; teacherId: number };

export function statementReadScope(principal: XapiPrincipal, home: XapiHome): ReadScope {
  switch (principal.kind) {
    case 'platform':
      return { kind: 'all' };
    case 'credential':
      if (hasScope(principal, 'statements/read')) return { kind: 'all' };
      if (principal.scopes.includes('statements/read/mine')) return { kind: 'credential', credentialId: principal.credentialId };
      throw FORBIDDEN('this credential may not read statements');
    case 'session':
      if (principal.actor.role === 'admin') return { kind: 'all' };
      if (principal.actor.role === 'teacher') return { kind: 'teacher', teacherId: principal.actor.profileId };
      return { kind: 'actor', actorKey: home.studentKey(principal.actor.profileId) };
  }
}
