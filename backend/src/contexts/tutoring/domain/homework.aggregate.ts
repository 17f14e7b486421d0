import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, ForbiddenError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { HOMEWORK_STREAM, type HomeworkEvent } from '../contracts/tutoring.events.js';
import { sha256 } from './conversation.aggregate.js';
import { NotFollowedError } from './tutoring.errors.js';

export const HOMEWORK_TITLE_MAX = 200;
export const HOMEWORK_DETAIL_MAX = 10_000;
export const FILL_EVERY_FIELD = 'Veuillez remplir tous les champs.';

/** A piece of homework ("devoir") a trainer gives a student they follow; the student marks it done, once. */
@Entity({ tableName: 'homework', schema: 'tutoring' })
export class Homework extends AggregateRoot<HomeworkEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'teacher_id' })
  teacherId: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'string', length: HOMEWORK_TITLE_MAX })
  title = '';

  @Property({ type: 'text' })
  detail = '';

  @Property({ type: 'boolean', fieldName: 'student_status' })
  studentStatus = false;

  @Property({ type: 'datetime', fieldName: 'given_at' })
  givenAt!: Date;

  @Property({ type: 'datetime', fieldName: 'completed_at', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(teacherId: number, studentId: number) {
    super();
    this.teacherId = teacherId;
    this.studentId = studentId;
  }

  stream(): StreamRef {
    return { type: HOMEWORK_STREAM, id: this.id };
  }

  /** Gives it: a title and a detail, both required, to a student the trainer follows. */
  give(title: string, detail: string, now: Date, follows: boolean): void {
    if (!follows) throw new NotFollowedError();
    const [t, d] = [title.trim(), detail.trim()];
    if (!t || !d) throw new InvalidInputError(FILL_EVERY_FIELD, t ? 'detail' : 'title');
    if (t.length > HOMEWORK_TITLE_MAX) throw new InvalidInputError(`Le titre ne doit pas dépasser ${HOMEWORK_TITLE_MAX} caractères.`, 'title');
    if (d.length > HOMEWORK_DETAIL_MAX) throw new InvalidInputError(`Le détail ne doit pas dépasser ${HOMEWORK_DETAIL_MAX} caractères.`, 'detail');
    this.title = t;
    this.detail = d;
    this.givenAt = now;
    this.record(() => ({
      type: 'AssignmentGiven',
      payload: { assignmentId: this.id, teacherId: this.teacherId, studentId: this.studentId, sha256: sha256(`${t}\n${d}`) },
    }));
  }

  /** The student marks it done: only their own, and it cannot be undone. */
  complete(studentId: number, now: Date): void {
    if (studentId !== this.studentId) throw new ForbiddenError("Ce devoir n'est pas le vôtre.");
    if (this.studentStatus) throw new ConflictError('Ce devoir est déjà marqué comme terminé.');
    this.studentStatus = true;
    this.completedAt = now;
    this.record({ type: 'AssignmentCompleted', payload: { assignmentId: this.id, teacherId: this.teacherId, studentId: this.studentId } });
  }
}
