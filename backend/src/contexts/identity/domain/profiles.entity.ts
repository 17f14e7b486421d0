import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Rel } from '@mikro-orm/core';
import { Account } from './account.entity.js';

@Entity({ tableName: 'student', schema: 'identity' })
export class StudentProfile {
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
    this.account = account;
    this.fullname = fullname.trim();
    this.interestedCategories = interestedCategories.trim();
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
export class TeacherProfile implements TeacherDetails {
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
    this.account = account;
    this.update(details);
  }

  update(details: TeacherDetails): void {
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
}

export function normaliseSkills(skills: string): string {
  return skills
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

@Entity({ tableName: 'admin', schema: 'identity' })
export class AdminProfile {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @OneToOne(() => Account, { owner: true, fieldName: 'account_id', deleteRule: 'cascade' })
  account: Rel<Account>;

  @Property({ type: 'string', length: 200, fieldName: 'full_name' })
  fullName: string;

  constructor(account: Account, fullName: string) {
    this.account = account;
    this.fullName = fullName.trim();
  }
}

export const IDENTITY_ENTITIES = [Account, StudentProfile, TeacherProfile, AdminProfile];
