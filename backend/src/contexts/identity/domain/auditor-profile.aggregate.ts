import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Rel } from '@mikro-orm/core';
import { ForbiddenError, InvalidInputError, parisCalendarDate } from '../../../shared-kernel/index.js';
import type { AuditorAccessKind } from '../contracts/identity.events.js';
import { Account } from './account.aggregate.js';
import { Profile } from './profile.js';

export const AUDITOR_MESSAGES = {
  expired: (endsOn: string) => `Votre accès d'auditeur a expiré le ${frenchDate(endsOn)}.`,
  ended: "Votre accès d'auditeur a été révoqué par le centre.",
  notActivated: "Votre accès d'auditeur n'est pas encore activé : choisissez votre mot de passe depuis le lien de l'e-mail d'invitation.",
  outOfScope: "Ce cours n'est pas dans le périmètre de votre mission d'audit.",
  endsOnInvalid: 'La date de fin est obligatoire, au format AAAA-MM-JJ.',
  endsOnPast: "La date de fin ne peut pas être déjà passée.",
  scopeEmpty: 'Choisissez au moins un cours, ou tout le centre.',
  nameMissing: "Le nom de l'auditeur est obligatoire.",
  organisationMissing: "L'organisme de l'auditeur est obligatoire.",
  alreadyEnded: "L'accès de cet auditeur est déjà révoqué.",
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-12-31` → `31/12/2026`. */
export function frenchDate(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}/${m}/${y}`;
}


/** What an auditor may read: the whole centre, or the learners of chosen courses. */
export interface AuditorScope {
  allCourses: boolean;
  courseIds: number[];
}

export function normaliseScope(scope: AuditorScope): AuditorScope {
  const courseIds = [...new Set(scope.courseIds)].sort((a, b) => a - b);
  if (!scope.allCourses && courseIds.length === 0) throw new InvalidInputError(AUDITOR_MESSAGES.scopeEmpty, 'course_ids');
  return { allCourses: scope.allCourses, courseIds: scope.allCourses ? [] : courseIds };
}

function validEndsOn(endsOn: string, now: Date): string {
  if (typeof endsOn !== 'string' || !DATE.test(endsOn) || Number.isNaN(Date.parse(`${endsOn}T00:00:00Z`))) throw new InvalidInputError(AUDITOR_MESSAGES.endsOnInvalid, 'ends_on');
  if (endsOn < parisCalendarDate(now)) throw new InvalidInputError(AUDITOR_MESSAGES.endsOnPast, 'ends_on');
  return endsOn;
}

/**
 * An auditor (docs/adr/0039): a Qualiopi auditor or a funder's controller with a read-only access
 * to the evidence of a scope (the whole centre or chosen courses) until the end of `endsOn` (a day
 * of the centre, Europe/Paris). Its events go to its account's stream, each access included: the
 * scope and expiry rule is here, checked by every read an auditor makes.
 */
@Entity({ tableName: 'auditor', schema: 'identity' })
export class AuditorProfile extends Profile {
  get role(): 'auditor' {
    return 'auditor';
  }

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => Account, { owner: true, fieldName: 'account_id', deleteRule: 'cascade' })
  account: Rel<Account>;

  @Property({ type: 'string', length: 200, fieldName: 'full_name' })
  fullName: string;

  @Property({ type: 'string', length: 200 })
  organisation: string;

  @Property({ type: 'string', fieldName: 'ends_on', columnType: 'date' })
  endsOn: string;

  @Property({ type: 'boolean', fieldName: 'all_courses' })
  allCourses: boolean;

  @Property({ type: 'json', fieldName: 'course_ids' })
  courseIds: number[];

  /** SHA-256 (hex) of the invitation's secret; null once the auditor chose a password. */
  @Property({ type: 'string', fieldName: 'invitation_sha256', nullable: true, hidden: true })
  invitationSha256: string | null;

  @Property({ type: 'datetime', fieldName: 'activated_at', nullable: true })
  activatedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'ended_at', nullable: true })
  endedAt: Date | null = null;

  constructor(account: Account, input: { fullName: string; organisation: string; endsOn: string; scope: AuditorScope; invitationSha256: string }) {
    super();
    this.account = account;
    this.fullName = input.fullName;
    this.organisation = input.organisation;
    this.endsOn = input.endsOn;
    this.allCourses = input.scope.allCourses;
    this.courseIds = input.scope.courseIds;
    this.invitationSha256 = input.invitationSha256;
  }

  protected personalRecord(): Record<string, unknown> {
    return { fullName: this.fullName, organisation: this.organisation, email: this.account.email, username: this.account.username };
  }

  /** An admin invites an auditor: the account exists without a usable password until the invitation is used. */
  static invite(
    account: Account,
    input: { fullName: string; organisation: string; endsOn: string; scope: AuditorScope; invitationSha256: string },
    invitedBy: number,
    now: Date,
  ): AuditorProfile {
    const fullName = input.fullName?.trim();
    const organisation = input.organisation?.trim();
    if (!fullName) throw new InvalidInputError(AUDITOR_MESSAGES.nameMissing, 'full_name');
    if (!organisation) throw new InvalidInputError(AUDITOR_MESSAGES.organisationMissing, 'organisation');
    const auditor = new AuditorProfile(account, { ...input, fullName, organisation, endsOn: validEndsOn(input.endsOn, now), scope: normaliseScope(input.scope) });
    auditor.record(() => ({
      type: 'AuditorInvited',
      payload: { accountId: auditor.account.id, auditorId: auditor.id, endsOn: auditor.endsOn, allCourses: auditor.allCourses, courseIds: auditor.courseIds, invitedBy },
    }));
    return auditor;
  }

  /** A new end date (extended or shortened) and/or scope. Nothing changes when nothing differs. */
  changeScope(endsOn: string, scope: AuditorScope, changedBy: number, now: Date): void {
    if (this.endedAt) throw new ForbiddenError(AUDITOR_MESSAGES.alreadyEnded);
    const next = normaliseScope(scope);
    const day = endsOn === this.endsOn ? endsOn : validEndsOn(endsOn, now);
    if (day === this.endsOn && next.allCourses === this.allCourses && next.courseIds.join(',') === this.courseIds.join(',')) return;
    this.endsOn = day;
    this.allCourses = next.allCourses;
    this.courseIds = next.courseIds;
    this.account.updatedAt = now;
    this.record(() => ({
      type: 'AuditorScopeChanged',
      payload: { accountId: this.account.id, auditorId: this.id, endsOn: this.endsOn, allCourses: this.allCourses, courseIds: this.courseIds, changedBy },
    }));
  }

  /** The centre revokes the access before its end date: every session closes at once. */
  end(endedBy: number, now: Date): void {
    if (this.endedAt) throw new ForbiddenError(AUDITOR_MESSAGES.alreadyEnded);
    this.endedAt = now;
    this.account.revokeSessions(now);
    this.record(() => ({ type: 'AuditorAccessEnded', payload: { accountId: this.account.id, auditorId: this.id, endedBy } }));
  }

  /** The auditor chose their password through the invitation: the invitation is used up. */
  activate(passwordHash: string, now: Date): void {
    this.assertLive(now);
    this.invitationSha256 = null;
    this.activatedAt = now;
    this.changePassword(passwordHash, now, false);
  }

  /** Revoked or past its end date (the server's clock, the centre's day): a French 403 naming why. */
  assertLive(now: Date): void {
    if (this.endedAt) throw new ForbiddenError(AUDITOR_MESSAGES.ended);
    if (parisCalendarDate(now) > this.endsOn) throw new ForbiddenError(AUDITOR_MESSAGES.expired(this.endsOn));
  }

  assertCanSignIn(now: Date): void {
    this.assertLive(now);
    if (!this.activatedAt) throw new ForbiddenError(AUDITOR_MESSAGES.notActivated);
  }

  /** Live, and the course (when one is named) in the scope: else a French 403. */
  assertMayRead(courseId: number | null, now: Date): void {
    this.assertLive(now);
    if (courseId !== null && !this.covers(courseId)) throw new ForbiddenError(AUDITOR_MESSAGES.outOfScope);
  }

  /** Whether a course is in the scope (no clock: lists filter with it after `assertLive`). */
  covers(courseId: number): boolean {
    return this.allCourses || this.courseIds.includes(courseId);
  }

  /**
   * One read of evidence: refused after the end date, after a revocation, or outside the scope;
   * otherwise recorded (`AuditorAccessed`: ids only). `courseId` null is a list of the scope itself.
   */
  access(what: AuditorAccessKind, target: { courseId: number | null; studentId: number | null; documentId: number | null }, now: Date): void {
    this.assertMayRead(target.courseId, now);
    this.record(() => ({ type: 'AuditorAccessed', payload: { accountId: this.account.id, auditorId: this.id, what, ...target } }));
  }
}
