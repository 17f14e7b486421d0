import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Rel } from '@mikro-orm/core';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { ACCOUNT_STREAM, type NewIdentityEvent } from '../contracts/identity.events.js';
import { Account } from './account.entity.js';

type ProfileRole = 'student' | 'teacher' | 'admin';

/** The names of the fields whose value differs: ProfileUpdated lists them, never their values. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((field) => after[field] !== before[field]);
}

/**
 * A person's profile with its account: the identity aggregate. Its events go to the account's
 * stream, and the account row keeps the stream's version. Each method changes the state and
 * records the fact; handlers never choose an event type.
 */
export abstract class Profile extends AggregateRoot<NewIdentityEvent> {
  abstract id: number;
  abstract account: Rel<Account>;
  // A getter, not a field: the ORM hydrates rows without running field initialisers.
  abstract get role(): ProfileRole;

  get version(): number {
    return this.account.version;
  }

  set version(version: number) {
    this.account.version = version;
  }

  stream(): StreamRef {
    return { type: ACCOUNT_STREAM, id: this.account.id };
  }

  /** Ids are read when the event is appended: a new profile has them only after its insert. */
  protected ref() {
    return { accountId: this.account.id, role: this.role, profileId: this.id };
  }

  /** Suspends an active account (closing every session at once) or reactivates it; returns the new state. */
  toggleActive(now: Date): boolean {
    const active = this.account.toggleActive(now);
    this.record(() => ({ type: active ? 'AccountReactivated' : 'AccountSuspended', payload: this.ref() }));
    return active;
  }

  /** "Log out everywhere": every token issued so far stops working. */
  revokeSessions(now: Date): void {
    this.account.revokeSessions(now);
    this.record(() => ({ type: 'SessionsRevoked', payload: this.ref() }));
  }

  /** A new password also closes every session. */
  changePassword(passwordHash: string, now: Date, byAdmin: boolean): void {
    this.account.changePassword(passwordHash, now);
    this.record(() => ({ type: 'PasswordChanged', payload: { ...this.ref(), byAdmin } }));
  }

  /** Records ProfileUpdated naming the fields that changed, or nothing when none did. */
  protected recordChanges(before: Record<string, unknown>, after: Record<string, unknown>): void {
    const fields = changedFields(before, after);
    if (fields.length > 0) this.record(() => ({ type: 'ProfileUpdated', payload: { ...this.ref(), fields } }));
  }
}

export interface StudentChanges {
  fullname: string;
  email: string;
  username: string;
  interestedCategories: string;
  /** The stored path of a new photo; undefined keeps the current one. */
  profileImg?: string;
}

@Entity({ tableName: 'student', schema: 'identity' })
export class StudentProfile extends Profile {
  get role(): 'student' {
    return 'student';
  }

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => Account, { owner: true, fieldName: 'account_id', deleteRule: 'cascade' })
  account: Rel<Account>;

  @Property({ type: 'string', length: 200 })
  fullname: string;

  @Property({ type: 'text', fieldName: 'interested_categories' })
  interestedCategories: string;

  @Property({ type: 'string', fieldName: 'profile_img', nullable: true })
  profileImg: string | null = null;

  @Property({ type: 'string', fieldName: 'formation_title', nullable: true })
  formationTitle: string | null = null;

  constructor(account: Account, fullname: string, interestedCategories: string) {
    super();
    this.account = account;
    this.fullname = fullname.trim();
    this.interestedCategories = interestedCategories.trim();
  }

  /** A student registers (or the centre registers them for a formation). */
  static register(account: Account, fullname: string, interestedCategories: string, formationTitle: string | null): StudentProfile {
    const student = new StudentProfile(account, fullname, interestedCategories);
    student.formationTitle = formationTitle;
    student.record(() => ({ type: 'StudentRegistered', payload: { accountId: student.account.id, studentId: student.id } }));
    return student;
  }

  update(changes: StudentChanges, now: Date): void {
    const before = this.fields();
    this.account.changeIdentity(changes.email, changes.username, now);
    this.fullname = changes.fullname.trim();
    this.interestedCategories = changes.interestedCategories.trim();
    if (changes.profileImg !== undefined) this.profileImg = changes.profileImg;
    this.recordChanges(before, this.fields());
  }

  private fields(): Record<string, string | null> {
    return {
      fullname: this.fullname,
      email: this.account.email,
      username: this.account.username,
      interested_categories: this.interestedCategories,
      profile_img: this.profileImg,
    };
  }
}

export interface TeacherDetails {
  fullName: string;
  qualification: string;
  mobileNo: string;
  skills: string;
  detail: string;
  faceUrl: string;
  instaUrl: string;
  twitUrl: string;
  webUrl: string;
  youUrl: string;
}

@Entity({ tableName: 'teacher', schema: 'identity' })
export class TeacherProfile extends Profile implements TeacherDetails {
  get role(): 'teacher' {
    return 'teacher';
  }

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => Account, { owner: true, fieldName: 'account_id', deleteRule: 'cascade' })
  account: Rel<Account>;

  @Property({ type: 'string', length: 200, fieldName: 'full_name' })
  fullName!: string;

  @Property({ type: 'string', length: 300 })
  qualification = '';

  @Property({ type: 'string', length: 30, fieldName: 'mobile_no' })
  mobileNo = '';

  /** Comma-separated, as the spec's forms send it. */
  @Property({ type: 'text' })
  skills = '';

  @Property({ type: 'text' })
  detail = '';

  @Property({ type: 'string', fieldName: 'profile_img', nullable: true })
  profileImg: string | null = null;

  @Property({ type: 'string', length: 500, fieldName: 'face_url' })
  faceUrl = '';

  @Property({ type: 'string', length: 500, fieldName: 'insta_url' })
  instaUrl = '';

  @Property({ type: 'string', length: 500, fieldName: 'twit_url' })
  twitUrl = '';

  @Property({ type: 'string', length: 500, fieldName: 'web_url' })
  webUrl = '';

  @Property({ type: 'string', length: 500, fieldName: 'you_url' })
  youUrl = '';

  constructor(account: Account, details: TeacherDetails) {
    super();
    this.account = account;
    this.setDetails(details);
  }

  /** A trainer registers (the spec's trainer form); `profileImg` is the stored photo, if any. */
  static register(account: Account, details: TeacherDetails, profileImg: string | null): TeacherProfile {
    const teacher = new TeacherProfile(account, details);
    teacher.profileImg = profileImg;
    teacher.record(() => ({ type: 'TeacherRegistered', payload: { accountId: teacher.account.id, teacherId: teacher.id } }));
    return teacher;
  }

  /** The trainer's form changes the e-mail and the details, never the login name. */
  update(email: string, details: TeacherDetails, profileImg: string | undefined, now: Date): void {
    const before = this.fields();
    this.account.changeIdentity(email, this.account.username, now);
    this.setDetails(details);
    if (profileImg !== undefined) this.profileImg = profileImg;
    this.recordChanges(before, this.fields());
  }

  private setDetails(details: TeacherDetails): void {
    Object.assign(this, {
      fullName: details.fullName.trim(),
      qualification: details.qualification.trim(),
      mobileNo: details.mobileNo.trim(),
      skills: normaliseSkills(details.skills),
      detail: details.detail.trim(),
      faceUrl: details.faceUrl.trim(),
      instaUrl: details.instaUrl.trim(),
      twitUrl: details.twitUrl.trim(),
      webUrl: details.webUrl.trim(),
      youUrl: details.youUrl.trim(),
    });
  }

  private fields(): Record<string, string | null> {
    return {
      email: this.account.email,
      full_name: this.fullName,
      qualification: this.qualification,
      mobile_no: this.mobileNo,
      skills: this.skills,
      detail: this.detail,
      face_url: this.faceUrl,
      insta_url: this.instaUrl,
      twit_url: this.twitUrl,
      web_url: this.webUrl,
      you_url: this.youUrl,
      profile_img: this.profileImg,
    };
  }
}

export function normaliseSkills(skills: string): string {
  return skills
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

@Entity({ tableName: 'admin', schema: 'identity' })
export class AdminProfile extends Profile {
  get role(): 'admin' {
    return 'admin';
  }

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => Account, { owner: true, fieldName: 'account_id', deleteRule: 'cascade' })
  account: Rel<Account>;

  @Property({ type: 'string', length: 200, fieldName: 'full_name' })
  fullName: string;

  constructor(account: Account, fullName: string) {
    super();
    this.account = account;
    this.fullName = fullName.trim();
  }

  /** Admins are created by operators (demo data, a deployment script), never by self-registration. */
  static create(account: Account, fullName: string): AdminProfile {
    const admin = new AdminProfile(account, fullName);
    admin.record(() => ({ type: 'AdminCreated', payload: { accountId: admin.account.id, adminId: admin.id } }));
    return admin;
  }
}

export const IDENTITY_ENTITIES = [Account, StudentProfile, TeacherProfile, AdminProfile];
