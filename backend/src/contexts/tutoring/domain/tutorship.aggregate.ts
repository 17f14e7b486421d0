import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { TUTORSHIP_STREAM, type TutorshipEvent } from '../contracts/tutoring.events.js';
import { TutorshipNotFoundError } from './tutoring.errors.js';

export type TutorshipOrigin = 'admin' | 'enrolment';

/**
 * A trainer follows a student (their "référent"): assigned by an admin, or by the student's
 * enrolment in one of the trainer's courses. Assigning twice changes nothing; unassigning ends
 * the link and keeps the exchanges; assigning again starts it anew (one row per pair).
 */
@Entity({ tableName: 'tutorship', schema: 'tutoring' })
export class Tutorship extends AggregateRoot<TutorshipEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'teacher_id' })
  teacherId: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'boolean' })
  active = false;

  @Property({ type: 'text' })
  origin: TutorshipOrigin = 'admin';

  @Property({ type: 'datetime', fieldName: 'assigned_at' })
  assignedAt!: Date;

  @Property({ type: 'datetime', fieldName: 'ended_at', nullable: true })
  endedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(teacherId: number, studentId: number) {
    super();
    this.teacherId = teacherId;
    this.studentId = studentId;
  }

  stream(): StreamRef {
    return { type: TUTORSHIP_STREAM, id: this.id };
  }

  /** Starts following the student; a link already active stays as it is. Returns whether it changed. */
  assign(origin: TutorshipOrigin, now: Date, courseId: number | null = null): boolean {
    if (this.active) return false;
    this.active = true;
    this.origin = origin;
    this.assignedAt = now;
    this.endedAt = null;
    this.record(() => ({
      type: 'TrainerAssignedToStudent',
      payload: { tutorshipId: this.id, teacherId: this.teacherId, studentId: this.studentId, origin, courseId: origin === 'enrolment' ? courseId : null },
    }));
    return true;
  }

  /** Stops following the student ('Aucune assignation trouvée' when not following). */
  unassign(now: Date): void {
    if (!this.active) throw new TutorshipNotFoundError();
    this.active = false;
    this.endedAt = now;
    this.record({ type: 'TrainerUnassignedFromStudent', payload: { tutorshipId: this.id, teacherId: this.teacherId, studentId: this.studentId } });
  }
}
