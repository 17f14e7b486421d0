import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Rel } from '@mikro-orm/core';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { ACCOUNT_STREAM, type NewIdentityEvent } from '../contracts/identity.events.js';
import { createHash } from 'node:crypto';
import { Account } from './account.entity.js';
import { AccountClosedError, IDENTITY_MESSAGES, InvalidRecordError } from './identity.errors.js';

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
    this.assertOpen();
    this.account.changePassword(passwordHash, now);
    this.record(() => ({ type: 'PasswordChanged', payload: { ...this.ref(), byAdmin } }));
  }

  /** The personal data a closure's digest proves (docs/adr/0015). */
  protected abstract personalRecord(): Record<string, unknown>;

  /** Closes the account of a person whose history the centre keeps (docs/adr/0015): no sign-in, out of every list. */
  close(now: Date, reasons: string[]): void {
    const digest = recordDigest({ ...this.personalRecord(), accountId: this.account.id, profileId: this.id, role: this.role });
    this.account.close(now);
    this.record(() => ({ type: 'AccountClosed', payload: { ...this.ref(), reasons, recordDigest: digest } }));
  }

  /** A person without any history is deleted: the store removes the rows; the log keeps the fact. */
  delete(): void {
    this.record(() => ({ type: 'AccountDeleted', payload: this.ref() }));
  }

  /** The account part of an erasure; returns the closing date, or null when there is nothing to erase. */
  protected eraseAccount(now: Date): Date | null {
    const closedAt = this.account.closedAt;
    if (!closedAt || this.account.erasedAt) return null;
    this.account.erase(now);
    this.record(() => ({ type: 'PersonalDataErased', payload: { ...this.ref(), closedAt: closedAt.toISOString() } }));
    return closedAt;
  }

  protected assertOpen(): void {
    if (this.account.closedAt) throw new AccountClosedError();
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

/** The administrative record an admin keeps (spec 03), on the same person (docs/adr/0015). */
export interface StudentRecord {
  prenom: string;
  nom: string;
  email: string;
  username: string;
  telephone: string;
  numeroDossier: string | null;
  typeDossier: string;
  typeFormation: string;
  formations: string[];
  /** Calendar dates, `YYYY-MM-DD`. */
  dateEntree: string | null;
  dateSortie: string | null;
}

/** `prenom nom` → the first word and the rest (how a fullname typed by the student is split). */
export function splitFullname(fullname: string): { prenom: string; nom: string } {
  const trimmed = fullname.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0 ? { prenom: trimmed, nom: '' } : { prenom: trimmed.slice(0, space), nom: trimmed.slice(space + 1) };
}

export function joinNames(prenom: string, nom: string): string {
  return [prenom.trim(), nom.trim()].filter(Boolean).join(' ');
}

/** sha256 (hex) of a JSON whose keys are sorted: the same record always gives the same digest. */
export function recordDigest(record: Record<string, unknown>): string {
  const canonical = JSON.stringify(Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b))));
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
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

  /** Always `prenom nom` (the names are the source, docs/adr/0015). */
  @Property({ type: 'string', length: 200 })
  fullname: string;

  @Property({ type: 'string', length: 100 })
  prenom = '';

  @Property({ type: 'string', length: 100 })
  nom = '';

  @Property({ type: 'text', fieldName: 'interested_categories' })
  interestedCategories: string;

  @Property({ type: 'string', fieldName: 'profile_img', nullable: true })
  profileImg: string | null = null;

  /** The first of `formations` (what enrolment reads), kept in step by the aggregate. */
  @Property({ type: 'string', fieldName: 'formation_title', nullable: true })
  formationTitle: string | null = null;

  @Property({ type: 'string', length: 30 })
  telephone = '';

  @Property({ type: 'string', length: 50, fieldName: 'numero_dossier', nullable: true })
  numeroDossier: string | null = null;

  @Property({ type: 'string', length: 100, fieldName: 'type_dossier' })
  typeDossier = '';

  @Property({ type: 'string', length: 100, fieldName: 'type_formation' })
  typeFormation = '';

  @Property({ type: 'string[]', columnType: 'text[]' })
  formations: string[] = [];

  @Property({ type: 'string', columnType: 'date', fieldName: 'date_entree', nullable: true })
  dateEntree: string | null = null;

  @Property({ type: 'string', columnType: 'date', fieldName: 'date_sortie', nullable: true })
  dateSortie: string | null = null;

  /** What the back office's searches match, lower case: names, e-mail, login. */
  @Property({ type: 'text', fieldName: 'search_text' })
  searchText = '';

  constructor(account: Account, fullname: string, interestedCategories: string) {
    super();
    this.account = account;
    this.fullname = fullname.trim();
    Object.assign(this, splitFullname(fullname));
    this.interestedCategories = interestedCategories.trim();
    this.refreshSearchText();
  }

  /** A student registers (or the centre registers them for a formation). */
  static register(account: Account, fullname: string, interestedCategories: string, formationTitle: string | null): StudentProfile {
    const student = new StudentProfile(account, fullname, interestedCategories);
    student.setFormations(formationTitle ? [formationTitle] : []);
    student.record(() => ({ type: 'StudentRegistered', payload: { accountId: student.account.id, studentId: student.id } }));
    return student;
  }

  /** An admin creates the student with their administrative record (POST /students/). */
  static create(account: Account, record: StudentRecord, trainerId: number | null, welcomeEmail: boolean): StudentProfile {
    const student = new StudentProfile(account, joinNames(record.prenom, record.nom), '');
    student.setRecord(record);
    student.record(() => ({ type: 'StudentCreated', payload: { accountId: student.account.id, studentId: student.id, trainerId, welcomeEmail } }));
    return student;
  }

  /** The student's own profile form. A changed fullname is split again into first and last names. */
  update(changes: StudentChanges, now: Date): void {
    this.assertOpen();
    const before = this.fields();
    this.account.changeIdentity(changes.email, changes.username, now);
    const fullname = changes.fullname.trim();
    if (fullname !== this.fullname) {
      this.fullname = fullname;
      Object.assign(this, splitFullname(fullname));
    }
    this.interestedCategories = changes.interestedCategories.trim();
    if (changes.profileImg !== undefined) this.profileImg = changes.profileImg;
    this.refreshSearchText();
    this.recordChanges(before, this.fields());
  }

  /** An admin changes the record; the login name cannot change. Records StudentUpdated naming the fields. */
  updateRecord(changes: Partial<Omit<StudentRecord, 'username'>>, now: Date): void {
    this.assertOpen();
    const before = this.recordFields();
    const next: StudentRecord = { ...this.currentRecord(), ...changes };
    this.account.changeIdentity(next.email, this.account.username, now);
    this.setRecord(next);
    const fields = changedFields(before, this.recordFields());
    if (fields.length > 0) this.record(() => ({ type: 'StudentUpdated', payload: { ...this.ref(), fields } }));
  }

  /** The retention period ended: the personal data goes, ids and history stay. */
  erase(now: Date): string | null {
    const photo = this.profileImg;
    if (!this.eraseAccount(now)) return null;
    Object.assign(this, {
      prenom: 'Compte', nom: 'supprimé', fullname: 'Compte supprimé', telephone: '', numeroDossier: null, typeDossier: '', typeFormation: '',
      interestedCategories: '', profileImg: null,
    });
    this.refreshSearchText();
    return photo;
  }

  currentRecord(): StudentRecord {
    return {
      prenom: this.prenom, nom: this.nom, email: this.account.email, username: this.account.username, telephone: this.telephone,
      numeroDossier: this.numeroDossier, typeDossier: this.typeDossier, typeFormation: this.typeFormation, formations: [...this.formations],
      dateEntree: this.dateEntree, dateSortie: this.dateSortie,
    };
  }

  protected personalRecord(): Record<string, unknown> {
    return { ...this.currentRecord() };
  }

  private setRecord(record: StudentRecord): void {
    if (record.dateEntree && record.dateSortie && record.dateSortie < record.dateEntree) {
      throw new InvalidRecordError(IDENTITY_MESSAGES.periodReversed, 'date_sortie');
    }
    this.prenom = record.prenom.trim();
    this.nom = record.nom.trim();
    this.fullname = joinNames(this.prenom, this.nom);
    this.telephone = record.telephone.trim();
    this.numeroDossier = record.numeroDossier?.trim() || null;
    this.typeDossier = record.typeDossier.trim();
    this.typeFormation = record.typeFormation.trim();
    this.dateEntree = record.dateEntree;
    this.dateSortie = record.dateSortie;
    this.setFormations(record.formations);
    this.refreshSearchText();
  }

  private setFormations(formations: string[]): void {
    const names = [...new Set(formations.map((f) => f.trim()).filter(Boolean))];
    this.formations = names;
    this.formationTitle = names[0] ?? null;
  }

  private refreshSearchText(): void {
    this.searchText = [this.fullname, this.account.email, this.account.username, this.numeroDossier ?? ''].join(' ').toLowerCase();
  }

  private recordFields(): Record<string, string | null> {
    return {
      prenom: this.prenom, nom: this.nom, email: this.account.email, telephone: this.telephone, numero_dossier: this.numeroDossier,
      type_dossier: this.typeDossier, type_formation: this.typeFormation, formations: this.formations.join('\u0000'),
      date_entree: this.dateEntree, date_sortie: this.dateSortie,
    };
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
    this.prenom = admin.prenom.trim();
    this.nom = admin.nom.trim();
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

  protected personalRecord(): Record<string, unknown> {
    return { fullName: this.fullName, email: this.account.email, username: this.account.username };
  }

  /** Admins are created by operators (demo data, a deployment script), never by self-registration. */
  static create(account: Account, fullName: string): AdminProfile {
    const admin = new AdminProfile(account, fullName);
    admin.record(() => ({ type: 'AdminCreated', payload: { accountId: admin.account.id, adminId: admin.id } }));
    return admin;
  }
}

export const IDENTITY_ENTITIES = [Account, StudentProfile, TeacherProfile, AdminProfile];
