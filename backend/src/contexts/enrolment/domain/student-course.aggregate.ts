import { createHash } from 'node:crypto';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, normaliseDigits, type StreamRef } from '../../../shared-kernel/index.js';
import { STUDENT_COURSE_STREAM, type EnrolmentEvent } from '../contracts/enrolment.events.js';
import { edofDeadline, type EdofKind } from './edof.js';
import { AlreadyEnrolledError, AlreadyRatedError, EdofDeclarationError, InvalidFundingError, InvalidRatingError, NotEnrolledError, NotEnrolledInCourseError, ReviewTooLongError } from './enrolment.errors.js';
import { CONTACT_KEYS, cleanContacts, contactsProblem, type EnrolmentContacts } from './enrolment-contacts.js';
import { fundingProblem, type EnrolmentFunding, type Funder } from './enrolment-funding.js';

/** The spec's rule: a student whose formation title is the course's title counts as enrolled in it. */
export function matchesFormation(formationTitle: string | null, courseTitle: string): boolean {
  return !!formationTitle && formationTitle.trim().toLocaleLowerCase('fr') === courseTitle.trim().toLocaleLowerCase('fr');
}

/** The API's name of each funding field (its 400 names the field as the request does). */
export const FUNDING_FIELDS: Record<keyof EnrolmentFunding, string> = {
  funder: 'funder',
  dossierNumber: 'dossier_number',
  employerName: 'employer_name',
  employerSiret: 'employer_siret',
  entryDate: 'entry_date',
  exitDate: 'exit_date',
};

/** The API's name of each contact field. */
export const CONTACT_FIELDS: Record<keyof EnrolmentContacts, string> = {
  employerContactName: 'employer_contact_name',
  employerEmail: 'employer_email',
  employerPhone: 'employer_phone',
  funderName: 'funder_name',
  funderEmail: 'funder_email',
};

const hashOf = (value: string | null): string | null => (value === null ? null : createHash('sha256').update(value, 'utf8').digest('hex'));

/** What the rating rule needs to know of the student's formation and of the course. */
export interface FormationMatch {
  formationTitle: string | null;
  courseTitle: string;
}

/**
 * What binds one student to one course: enrolment, rating, favourite. Each method checks its
 * rule and records the events it caused; `version` counts them, for the log's optimistic check.
 */
@Entity({ tableName: 'student_course', schema: 'enrolment' })
@Unique({ properties: ['studentId', 'courseId'] })
export class StudentCourse extends AggregateRoot<EnrolmentEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  @Property({ type: 'datetime', fieldName: 'enrolled_at', nullable: true })
  enrolledAt: Date | null = null;

  @Property({ type: 'smallint', nullable: true })
  rating: number | null = null;

  @Property({ type: 'text' })
  reviews = '';

  @Property({ type: 'datetime', fieldName: 'rated_at', nullable: true })
  ratedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'favourited_at', nullable: true })
  favouritedAt: Date | null = null;

  /** When the student first enrolled: an enrolment that ended keeps its funding and stays readable (nothing a learner did is deleted). */
  @Property({ type: 'datetime', fieldName: 'first_enrolled_at', nullable: true })
  firstEnrolledAt: Date | null = null;

  // How this enrolment is funded (docs/adr/0032); null = « not set on this enrolment », the student record's value applies.
  @Property({ type: 'string', columnType: 'text', nullable: true })
  funder: Funder | null = null;

  @Property({ type: 'string', columnType: 'text', fieldName: 'dossier_number', nullable: true })
  dossierNumber: string | null = null;

  @Property({ type: 'string', columnType: 'text', fieldName: 'employer_name', nullable: true })
  employerName: string | null = null;

  /** 14 digits, spaces and dots removed. */
  @Property({ type: 'string', columnType: 'text', fieldName: 'employer_siret', nullable: true })
  employerSiret: string | null = null;

  /** Calendar dates, `YYYY-MM-DD`. */
  @Property({ type: 'string', columnType: 'date', fieldName: 'entry_date', nullable: true })
  entryDate: string | null = null;

  @Property({ type: 'string', columnType: 'date', fieldName: 'exit_date', nullable: true })
  exitDate: string | null = null;

  // Who to ask about this enrolment besides the learner (docs/adr/0032, 0054): null = not known.
  @Property({ type: 'string', columnType: 'text', fieldName: 'employer_contact_name', nullable: true })
  employerContactName: string | null = null;

  /** Lower case. */
  @Property({ type: 'string', columnType: 'text', fieldName: 'employer_email', nullable: true })
  employerEmail: string | null = null;

  @Property({ type: 'string', columnType: 'text', fieldName: 'employer_phone', nullable: true })
  employerPhone: string | null = null;

  /** The funding body's name (« OPCO EP », « France Travail Île-de-France »). */
  @Property({ type: 'string', columnType: 'text', fieldName: 'funder_name', nullable: true })
  funderName: string | null = null;

  @Property({ type: 'string', columnType: 'text', fieldName: 'funder_email', nullable: true })
  funderEmail: string | null = null;

  /** The days the admin said the entry and the exit were declared on EDOF (docs/adr/0050), by the server's clock. */
  @Property({ type: 'string', columnType: 'date', fieldName: 'edof_entry_declared_on', nullable: true })
  edofEntryDeclaredOn: string | null = null;

  @Property({ type: 'string', columnType: 'date', fieldName: 'edof_exit_declared_on', nullable: true })
  edofExitDeclaredOn: string | null = null;

  /** The date and deadline each declaration was judged on, kept with it. */
  @Property({ type: 'string', columnType: 'date', fieldName: 'edof_entry_date', nullable: true })
  edofEntryDate: string | null = null;

  @Property({ type: 'string', columnType: 'date', fieldName: 'edof_entry_deadline', nullable: true })
  edofEntryDeadline: string | null = null;

  @Property({ type: 'string', columnType: 'date', fieldName: 'edof_exit_date', nullable: true })
  edofExitDate: string | null = null;

  @Property({ type: 'string', columnType: 'date', fieldName: 'edof_exit_deadline', nullable: true })
  edofExitDeadline: string | null = null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(studentId: number, courseId: number) {
    super();
    this.studentId = studentId;
    this.courseId = courseId;
  }

  stream(): StreamRef {
    return { type: STUDENT_COURSE_STREAM, id: `${this.studentId}-${this.courseId}` };
  }

  get isEnrolled(): boolean {
    return this.enrolledAt !== null;
  }

  enrol(now: Date, by: 'student' | 'admin'): void {
    if (this.isEnrolled) throw new AlreadyEnrolledError();
    this.enrolledAt = now;
    this.firstEnrolledAt ??= now;
    this.record({ type: 'StudentEnrolled', payload: { studentId: this.studentId, courseId: this.courseId, enrolledBy: by } });
  }

  /** Enrolled now, or once: its funding stays readable and settable after the enrolment ended. */
  get wasEverEnrolled(): boolean {
    return this.isEnrolled || this.firstEnrolledAt !== null;
  }

  get funding(): EnrolmentFunding {
    return {
      funder: this.funder,
      dossierNumber: this.dossierNumber,
      employerName: this.employerName,
      employerSiret: this.employerSiret,
      entryDate: this.entryDate,
      exitDate: this.exitDate,
    };
  }

  /**
   * An admin sets how this enrolment is funded: the whole funding at once (a blank value clears the
   * field, which then falls back to the student record). Values are trimmed, the SIRET kept as its 14
   * digits. Records EnrolmentFundingChanged with every value, only when something changed; returns
   * whether it did. An ended enrolment keeps its funding and may still be corrected.
   */
  setFunding(input: EnrolmentFunding): boolean {
    if (!this.wasEverEnrolled) throw new NotEnrolledInCourseError();
    const clean = (value: string | null): string | null => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    };
    const funding: EnrolmentFunding = {
      funder: input.funder,
      dossierNumber: clean(input.dossierNumber),
      employerName: clean(input.employerName),
      employerSiret: clean(input.employerSiret),
      entryDate: clean(input.entryDate),
      exitDate: clean(input.exitDate),
    };
    const problem = fundingProblem(funding);
    if (problem) throw new InvalidFundingError(problem.message, FUNDING_FIELDS[problem.field as keyof EnrolmentFunding] ?? problem.field);
    if (funding.employerSiret !== null) funding.employerSiret = normaliseDigits(funding.employerSiret);
    const before = this.funding;
    const changed = (Object.keys(funding) as Array<keyof EnrolmentFunding>).filter((key) => before[key] !== funding[key]);
    if (changed.length === 0) return false;
    Object.assign(this, funding);
    this.record({ type: 'EnrolmentFundingChanged', payload: { studentId: this.studentId, courseId: this.courseId, ...funding, changed } });
    return true;
  }

  get contacts(): EnrolmentContacts {
    return {
      employerContactName: this.employerContactName,
      employerEmail: this.employerEmail,
      employerPhone: this.employerPhone,
      funderName: this.funderName,
      funderEmail: this.funderEmail,
    };
  }

  /**
   * An admin sets the employer's and the funder's contacts, all at once (a blank value clears it).
   * Records EnrolmentContactsChanged only when something changed: the funder's name (an
   * organisation) as it is, the person's name, e-mails and phone as their SHA-256 (personal data
   * stays out of the log, existence stays provable). An ended enrolment keeps and may correct them.
   */
  setContacts(input: EnrolmentContacts): boolean {
    if (!this.wasEverEnrolled) throw new NotEnrolledInCourseError();
    const contacts = cleanContacts(input);
    const problem = contactsProblem(contacts);
    if (problem) throw new InvalidFundingError(problem.message, CONTACT_FIELDS[problem.field]);
    const before = this.contacts;
    const changed = CONTACT_KEYS.filter((key) => before[key] !== contacts[key]);
    if (changed.length === 0) return false;
    Object.assign(this, contacts);
    this.record({
      type: 'EnrolmentContactsChanged',
      payload: {
        studentId: this.studentId,
        courseId: this.courseId,
        employerContactNameSha256: hashOf(contacts.employerContactName),
        employerEmailSha256: hashOf(contacts.employerEmail),
        employerPhoneSha256: hashOf(contacts.employerPhone),
        funderName: contacts.funderName,
        funderEmailSha256: hashOf(contacts.funderEmail),
        changed: [...changed],
      },
    });
    return true;
  }

  /**
   * The admin says the entry or the exit was declared on EDOF, `today` (the centre's day by the
   * server's clock). Only a CPF enrolment whose date is known and reached, the entry before the
   * exit; a declaration already recorded is left as it is (returns false: a retry, a second tab).
   */
  declareOnEdof(kind: EdofKind, context: { cpf: boolean; entryDate: string | null; exitDate: string | null }, today: string): boolean {
    if (!this.wasEverEnrolled) throw new NotEnrolledInCourseError();
    const declared = kind === 'entry' ? this.edofEntryDeclaredOn : this.edofExitDeclaredOn;
    if (declared !== null) return false;
    if (!context.cpf) throw new EdofDeclarationError('Seule une inscription financée par le CPF se déclare sur EDOF.', 'kind');
    const date = kind === 'entry' ? context.entryDate : context.exitDate;
    if (date === null) throw new EdofDeclarationError(kind === 'entry' ? 'Renseignez d’abord la date d’entrée en formation.' : 'Renseignez d’abord la date de sortie de formation.', 'kind');
    if (today < date) throw new EdofDeclarationError(`${kind === 'entry' ? 'L’entrée' : 'La sortie'} ne peut être déclarée qu’à partir du ${date.split('-').reverse().join('/')}.`, 'kind');
    if (kind === 'exit' && this.edofEntryDeclaredOn === null) throw new EdofDeclarationError('Déclarez d’abord l’entrée en formation.', 'kind');
    const deadline = edofDeadline(date);
    const late = today > deadline;
    if (kind === 'entry') [this.edofEntryDeclaredOn, this.edofEntryDate, this.edofEntryDeadline] = [today, date, deadline];
    else [this.edofExitDeclaredOn, this.edofExitDate, this.edofExitDeadline] = [today, date, deadline];
    this.record({ type: 'EdofDeclared', payload: { studentId: this.studentId, courseId: this.courseId, kind, date, deadline, declaredOn: today, late } });
    return true;
  }

  /** An admin takes the student off the course; ratings, favourites and the progress made elsewhere stay (re-enrolling resumes it). */
  unenrol(): void {
    if (!this.isEnrolled) throw new NotEnrolledInCourseError();
    this.enrolledAt = null;
    this.record({ type: 'StudentUnenrolled', payload: { studentId: this.studentId, courseId: this.courseId } });
  }

  /**
   * A student rates a course once, after enrolling (or when their formation is this course, which
   * the spec counts as enrolled even without an enrolment record).
   */
  rate(rating: unknown, reviews: string, now: Date, formation: FormationMatch): void {
    if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) throw new InvalidRatingError();
    if ([...reviews].length > 2000) throw new ReviewTooLongError();
    if (!this.isEnrolled && !matchesFormation(formation.formationTitle, formation.courseTitle)) throw new NotEnrolledError();
    if (this.rating !== null) throw new AlreadyRatedError();
    this.rating = rating;
    this.reviews = reviews.trim();
    this.ratedAt = now;
    this.record({ type: 'CourseRated', payload: { studentId: this.studentId, courseId: this.courseId, rating } });
  }

  /** Idempotent: favouriting a favourite records nothing. */
  favourite(now: Date): void {
    if (this.favouritedAt) return;
    this.favouritedAt = now;
    this.record({ type: 'CourseFavourited', payload: { studentId: this.studentId, courseId: this.courseId } });
  }

  unfavourite(): void {
    if (!this.favouritedAt) return;
    this.favouritedAt = null;
    this.record({ type: 'CourseUnfavourited', payload: { studentId: this.studentId, courseId: this.courseId } });
  }
}
