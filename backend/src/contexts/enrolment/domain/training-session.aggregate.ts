import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, InvalidInputError, isCalendarDate, type CalendarDate, type StreamRef } from '../../../shared-kernel/index.js';
import { SESSION_LEARNER_REASONS, TRAINING_SESSION_STREAM, type SessionLearnerReason, type TrainingSessionEvent } from '../contracts/enrolment.events.js';
import { NotASessionMemberError, SessionLearnerNotEnrolledError, SessionTrainerNotAcceptedError } from './enrolment.errors.js';

export const SESSION_NAME_MAX = 120;

export type SessionRole = 'learner' | 'trainer';

export interface SessionInput {
  name: string;
  startDate: string;
  endDate: string;
}

/** The French refusal of a session's name and dates, or null. */
export function sessionInputProblem(input: SessionInput): InvalidInputError | null {
  const name = input.name.trim();
  if (name === '') return new InvalidInputError('Donnez un nom à la session (par exemple « Session de mars 2027 »).', 'name');
  if ([...name].length > SESSION_NAME_MAX) return new InvalidInputError(`Le nom de la session ne doit pas dépasser ${SESSION_NAME_MAX} caractères.`, 'name');
  if (!isCalendarDate(input.startDate)) return new InvalidInputError('La date de début doit être une date valide (AAAA-MM-JJ).', 'start_date');
  if (!isCalendarDate(input.endDate)) return new InvalidInputError('La date de fin doit être une date valide (AAAA-MM-JJ).', 'end_date');
  if (input.endDate < input.startDate) return new InvalidInputError('La date de fin ne peut pas précéder la date de début.', 'end_date');
  return null;
}

/**
 * A training session (session de formation, issue 29 item 2, docs/adr/0050): a course run for a
 * group between two dates, with its learners and its trainers. A member who leaves is kept, with
 * the day they left (nothing about a learner is deleted); a learner is in one session of a course
 * at a time (a unique index on the members that are still in).
 */
@Entity({ tableName: 'training_session', schema: 'enrolment' })
export class TrainingSession extends AggregateRoot<TrainingSessionEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  @Property({ type: 'string', columnType: 'text' })
  name = '';

  /** Calendar dates, `YYYY-MM-DD`. */
  @Property({ type: 'string', columnType: 'date', fieldName: 'start_date' })
  startDate: CalendarDate = '';

  @Property({ type: 'string', columnType: 'date', fieldName: 'end_date' })
  endDate: CalendarDate = '';

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt!: Date;

  /** The key the admin's page drew for this scheduling: sent again (a retry), it finds this session. */
  @Property({ type: 'uuid', fieldName: 'request_key', nullable: true })
  requestKey: string | null;

  @Property({ type: 'integer' })
  version = 0;

  @OneToMany(() => SessionMember, (m) => m.session, { orderBy: { id: 'asc' } })
  members = new Collection<SessionMember>(this);

  constructor(courseId: number, requestKey: string | null = null) {
    super();
    this.courseId = courseId;
    this.requestKey = requestKey;
  }

  stream(): StreamRef {
    return { type: TRAINING_SESSION_STREAM, id: this.id };
  }

  schedule(input: SessionInput, now: Date): void {
    const problem = sessionInputProblem(input);
    if (problem) throw problem;
    this.name = input.name.trim();
    this.startDate = input.startDate;
    this.endDate = input.endDate;
    this.createdAt = now;
    this.record(() => ({ type: 'TrainingSessionScheduled', payload: { sessionId: this.id, courseId: this.courseId, startDate: this.startDate, endDate: this.endDate } }));
  }

  /** New name or dates; records only when the dates change (the name is the centre's label, not a fact). Returns whether anything changed. */
  change(input: SessionInput): boolean {
    const problem = sessionInputProblem(input);
    if (problem) throw problem;
    const name = input.name.trim();
    const datesChanged = input.startDate !== this.startDate || input.endDate !== this.endDate;
    if (!datesChanged && name === this.name) return false;
    this.name = name;
    if (datesChanged) {
      this.startDate = input.startDate;
      this.endDate = input.endDate;
      this.record({ type: 'TrainingSessionRescheduled', payload: { sessionId: this.id, courseId: this.courseId, startDate: this.startDate, endDate: this.endDate } });
    }
    return true;
  }

  /** The members still in, of a role. */
  current(role: SessionRole): SessionMember[] {
    return this.members.getItems().filter((m) => m.role === role && m.leftAt === null);
  }

  private currentMember(role: SessionRole, personId: number): SessionMember | undefined {
    return this.current(role).find((m) => m.personId === personId);
  }

  /** Adds a learner enrolled in the course; one already in is left as they are (returns false). */
  addLearner(studentId: number, enrolled: boolean, now: Date): boolean {
    if (this.currentMember('learner', studentId)) return false;
    if (!enrolled) throw new SessionLearnerNotEnrolledError();
    this.members.add(new SessionMember(this, 'learner', studentId, now));
    this.record({ type: 'SessionLearnerAdded', payload: { sessionId: this.id, courseId: this.courseId, studentId } });
    return true;
  }

  /**
   * The learners of a bulk import join at once (docs/adr/0052 amendment 3), each enrolled in the course
   * by the same import: recorded as `addLearner` records them (the same `SessionLearnerAdded`), those
   * already in left as they are. Their member rows are not added to `members` (10,000 ORM entities):
   * the caller inserts them set-based from the ids answered, in the same transaction.
   */
  admitImportedLearners(studentIds: number[]): number[] {
    const inside = new Set(this.current('learner').map((m) => m.personId));
    const admitted: number[] = [];
    for (const studentId of studentIds) {
      if (inside.has(studentId)) continue;
      inside.add(studentId);
      admitted.push(studentId);
      this.record({ type: 'SessionLearnerAdded', payload: { sessionId: this.id, courseId: this.courseId, studentId } });
    }
    return admitted;
  }

  /** Adds a trainer the centre accepted; one already in is left as they are (returns false). */
  addTrainer(teacherId: number, accepted: boolean, now: Date): boolean {
    if (this.currentMember('trainer', teacherId)) return false;
    if (!accepted) throw new SessionTrainerNotAcceptedError();
    this.members.add(new SessionMember(this, 'trainer', teacherId, now));
    this.record({ type: 'SessionTrainerAdded', payload: { sessionId: this.id, courseId: this.courseId, teacherId } });
    return true;
  }

  /**
   * A member leaves the session: kept, with the day they left. One who already left is left as they
   * are (a double click, a retry: returns false); one who was never in is refused (404).
   */
  remove(role: SessionRole, personId: number, now: Date): boolean {
    const member = this.currentMember(role, personId);
    if (!member) {
      if (this.members.getItems().some((m) => m.role === role && m.personId === personId)) return false;
      throw new NotASessionMemberError(role);
    }
    member.leftAt = now;
    this.record(
      role === 'learner'
        ? { type: 'SessionLearnerRemoved', payload: { sessionId: this.id, courseId: this.courseId, studentId: personId } }
        : { type: 'SessionTrainerRemoved', payload: { sessionId: this.id, courseId: this.courseId, teacherId: personId } },
    );
    return true;
  }

  /**
   * Why a learner did not complete the session (EDOF's « service fait »), or null to clear it: kept on
   * their latest passage through it. A learner never in the session is refused (404); the same
   * reason again changes nothing (returns false).
   */
  setLearnerReason(studentId: number, reason: SessionLearnerReason | null): boolean {
    if (reason !== null && !(SESSION_LEARNER_REASONS as readonly string[]).includes(reason)) {
      throw new InvalidInputError('Le motif doit être abandon, absence, interruption, force majeure ou autre.', 'reason');
    }
    const passages = this.members.getItems().filter((m) => m.role === 'learner' && m.personId === studentId);
    const latest = passages.at(-1);
    if (!latest) throw new NotASessionMemberError('learner');
    if (latest.reason === reason) return false;
    latest.reason = reason;
    this.record({ type: 'SessionLearnerReasonSet', payload: { sessionId: this.id, courseId: this.courseId, studentId, reason } });
    return true;
  }
}

/** A learner or a trainer of a session, from the day they joined to the day they left (null: still in). */
@Entity({ tableName: 'session_member', schema: 'enrolment' })
export class SessionMember {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => TrainingSession, { fieldName: 'session_id' })
  session!: Rel<TrainingSession>;

  /** The session's course, repeated so that one index keeps a learner in one session of a course. */
  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId: number;

  @Property({ type: 'string', columnType: 'text' })
  role: SessionRole;

  /** The student's id for a learner, the trainer's id for a trainer. */
  @Property({ type: 'integer', fieldName: 'person_id' })
  personId: number;

  @Property({ type: 'datetime', fieldName: 'joined_at' })
  joinedAt: Date;

  @Property({ type: 'datetime', fieldName: 'left_at', nullable: true })
  leftAt: Date | null = null;

  /** A learner's reason for not completing the session (service fait), set by an admin; null: none. */
  @Property({ type: 'string', columnType: 'text', nullable: true })
  reason: SessionLearnerReason | null = null;

  constructor(session: TrainingSession, role: SessionRole, personId: number, joinedAt: Date) {
    this.session = session;
    this.courseId = session.courseId;
    this.role = role;
    this.personId = personId;
    this.joinedAt = joinedAt;
  }
}
