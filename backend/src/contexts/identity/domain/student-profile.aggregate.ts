import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Rel } from '@mikro-orm/core';
import { Account } from './account.aggregate.js';
import { IDENTITY_MESSAGES, InvalidRecordError } from './identity.errors.js';
import { Profile, changedFields, joinNames, requiredName, splitFullname } from './profile.js';

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

/** The reason an account made by a failed import is closed (`AccountClosed.reasons`). */
export const FAILED_IMPORT_REASON = 'import-echoue';

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

  /**
   * A learner of a bulk import (docs/adr/0052): the record as the file gave it, no usable password
   * until the activation link is used. `StudentCreated` names the import; tutoring's policy assigns
   * `trainerId` as for a creation one by one.
   */
  static imported(account: Account, record: StudentRecord, trainerId: number | null, importId: string): StudentProfile {
    const student = new StudentProfile(account, joinNames(record.prenom, record.nom), '');
    student.setRecord(record);
    student.record(() => ({ type: 'StudentCreated', payload: { accountId: student.account.id, studentId: student.id, trainerId, welcomeEmail: false, importId } }));
    return student;
  }

  /**
   * The import that made this learner failed before they were told (docs/adr/0052): no e-mail went,
   * no link was handed over. The account is closed (the reason `import-echoue`) and its personal data
   * erased at once — the centre never told this person; their e-mail and case number are free for
   * the corrected file. Ids and events stay.
   */
  withdrawFromFailedImport(now: Date): void {
    this.close(now, [FAILED_IMPORT_REASON]);
    this.erase(now);
  }

  /** The learner chose their password (and their login e-mail when the import had none) with their activation link. */
  activate(passwordHash: string, email: string | null, now: Date): void {
    this.assertOpen();
    if (email !== null) this.account.changeIdentity(email, this.account.username, now);
    this.account.changePassword(passwordHash, now);
    this.refreshSearchText();
    this.record(() => ({ type: 'AccountActivated', payload: { ...this.ref(), emailChosen: email !== null } }));
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
    const [prenom, nom] = [requiredName(record.prenom, 'Le prénom', 'prenom'), requiredName(record.nom, 'Le nom', 'nom')];
    this.prenom = prenom;
    this.nom = nom;
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
