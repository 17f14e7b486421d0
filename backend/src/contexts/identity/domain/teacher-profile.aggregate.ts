import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Rel } from '@mikro-orm/core';
import { createHash } from 'node:crypto';
import { Account } from './account.aggregate.js';
import { InvalidRecordError, TrainerDecisionTakenError, TrainerRefusedError } from './identity.errors.js';
import { Profile, joinNames, requiredName, splitFullname } from './profile.js';

/**
 * Where a trainer stands with the centre (docs/adr/0030): `pending` after the public registration,
 * until an admin accepts or refuses; `accepted` (an admin's creation, every trainer before issue 25).
 */
export const TRAINER_APPROVALS = ['pending', 'accepted', 'refused'] as const;
export type TrainerApproval = (typeof TRAINER_APPROVALS)[number];

/** The refusal's reason: required, so the trainer is told why. */
export const REFUSAL_REASON_LIMITS = { min: 5, max: 1000 } as const;

/** What the back office keeps of a trainer (spec 03). */
export interface TeacherAdminRecord {
  prenom: string;
  nom: string;
  email: string;
  telephone: string;
  calendly: string;
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

  /** The back office's first and last names (source of `full_name` when an admin edits them). */
  @Property({ type: 'string', length: 100 })
  prenom = '';

  @Property({ type: 'string', length: 100 })
  nom = '';

  /** The trainer's booking link (spec 03), an https URL or empty. */
  @Property({ type: 'string', length: 500 })
  calendly = '';

  @Property({ type: 'string', length: 16 })
  approval: TrainerApproval = 'accepted';

  @Property({ type: 'datetime', fieldName: 'approval_decided_at', nullable: true })
  approvalDecidedAt: Date | null = null;

  /** The admin's words to the trainer; only their sha256 goes into the log (TrainerRefused). */
  @Property({ type: 'text', fieldName: 'refusal_reason', nullable: true })
  refusalReason: string | null = null;

  constructor(account: Account, details: TeacherDetails) {
    super();
    this.account = account;
    this.setDetails(details);
  }

  /** A trainer registers (the spec's trainer form); `profileImg` is the stored photo, if any. */
  static register(account: Account, details: TeacherDetails, profileImg: string | null): TeacherProfile {
    const teacher = new TeacherProfile(account, details);
    Object.assign(teacher, splitFullname(teacher.fullName));
    teacher.profileImg = profileImg;
    // Nothing of theirs reaches a learner before an admin accepts them (docs/adr/0030).
    teacher.approval = 'pending';
    teacher.record(() => ({ type: 'TeacherRegistered', payload: { accountId: teacher.account.id, teacherId: teacher.id } }));
    return teacher;
  }

  /** An admin creates the trainer (POST /formateur/). */
  static create(account: Account, admin: TeacherAdminRecord): TeacherProfile {
    const teacher = new TeacherProfile(account, { ...EMPTY_DETAILS, fullName: joinNames(admin.prenom, admin.nom), mobileNo: admin.telephone });
    teacher.setAdminRecord(admin);
    teacher.record(() => ({ type: 'TrainerCreated', payload: { accountId: teacher.account.id, teacherId: teacher.id } }));
    return teacher;
  }

  get isAccepted(): boolean {
    return this.approval === 'accepted';
  }

  /** An admin accepts a trainer who registered: they may publish, and what they publish is public. */
  accept(now: Date): boolean {
    this.assertOpen();
    // The same decision again (a retry, a second tab) is its outcome, not a conflict: nothing new.
    if (this.approval === 'accepted') return false;
    this.assertUndecided();
    this.approval = 'accepted';
    this.approvalDecidedAt = now;
    this.record(() => ({ type: 'TrainerAccepted', payload: { accountId: this.account.id, teacherId: this.id } }));
    return true;
  }

  /**
   * An admin refuses a trainer who registered, with a reason the trainer is told: they can no
   * longer sign in (every session closed at once). The log holds the reason's sha256, not its text.
   */
  refuse(reason: unknown, now: Date): boolean {
    this.assertOpen();
    const text = typeof reason === 'string' ? reason.trim() : '';
    // The same refusal again (a retry, a second tab) is its outcome; another reason is a conflict.
    if (this.approval === 'refused' && text === this.refusalReason) return false;
    this.assertUndecided();
    if (text.length < REFUSAL_REASON_LIMITS.min || text.length > REFUSAL_REASON_LIMITS.max) {
      throw new InvalidRecordError(
        `Indiquez la raison du refus (entre ${REFUSAL_REASON_LIMITS.min} et ${REFUSAL_REASON_LIMITS.max} caractères) : elle sera envoyée au formateur.`,
        'reason',
      );
    }
    this.approval = 'refused';
    this.approvalDecidedAt = now;
    this.refusalReason = text;
    this.account.revokeSessions(now);
    const reasonSha256 = createHash('sha256').update(text, 'utf8').digest('hex');
    this.record(() => ({ type: 'TrainerRefused', payload: { accountId: this.account.id, teacherId: this.id, reasonSha256, reasonLength: text.length } }));
    return true;
  }

  /** A refused trainer is told why, in French, instead of being signed in. */
  assertCanSignIn(): void {
    if (this.approval === 'refused') throw new TrainerRefusedError(this.refusalReason);
  }

  private assertUndecided(): void {
    if (this.approval !== 'pending') throw new TrainerDecisionTakenError(this.approval);
  }

  /** The back office's edit (names, e-mail, phone, Calendly); the login name never changes. */
  updateAdminRecord(changes: Partial<Omit<TeacherAdminRecord, 'email'>> & { email?: string }, now: Date): void {
    this.assertOpen();
    const before = this.fields();
    this.account.changeIdentity(changes.email ?? this.account.email, this.account.username, now);
    this.setAdminRecord({ prenom: this.prenom, nom: this.nom, telephone: this.mobileNo, calendly: this.calendly, ...changes });
    this.recordChanges(before, this.fields());
  }

  erase(now: Date): string | null {
    const photo = this.profileImg;
    if (!this.eraseAccount(now)) return null;
    Object.assign(this, { ...EMPTY_DETAILS, fullName: 'Compte supprimé', prenom: 'Compte', nom: 'supprimé', calendly: '', profileImg: null });
    return photo;
  }

  protected personalRecord(): Record<string, unknown> {
    return { ...this.fields(), prenom: this.prenom, nom: this.nom, calendly: this.calendly, username: this.account.username };
  }

  private setAdminRecord(admin: Omit<TeacherAdminRecord, 'email'>): void {
    const [prenom, nom] = [requiredName(admin.prenom, 'Le prénom', 'prenom'), requiredName(admin.nom, 'Le nom', 'nom')];
    this.prenom = prenom;
    this.nom = nom;
    this.fullName = joinNames(this.prenom, this.nom);
    this.mobileNo = admin.telephone.trim();
    this.calendly = admin.calendly.trim();
  }

  /** The trainer's form changes the e-mail and the details, never the login name. */
  update(email: string, details: TeacherDetails, profileImg: string | undefined, now: Date): void {
    this.assertOpen();
    const before = this.fields();
    this.account.changeIdentity(email, this.account.username, now);
    this.setDetails(details);
    if (profileImg !== undefined) this.profileImg = profileImg;
    this.recordChanges(before, this.fields());
  }

  private setDetails(details: TeacherDetails): void {
    if (this.fullName !== undefined && details.fullName.trim() !== this.fullName) Object.assign(this, splitFullname(details.fullName));
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
      prenom: this.prenom,
      nom: this.nom,
      calendly: this.calendly,
    };
  }
}

const EMPTY_DETAILS: TeacherDetails = {
  fullName: '', qualification: '', mobileNo: '', skills: '', detail: '', faceUrl: '', instaUrl: '', twitUrl: '', webUrl: '', youUrl: '',
};

export function normaliseSkills(skills: string): string {
  return skills
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}
