import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { EDOF_REMINDER_STREAM, type EdofReminderEvent } from '../contracts/enrolment.events.js';
import type { EdofDeclaration, EdofKind, EdofReminderStage } from './edof.js';

/**
 * One reminder to the admins that an EDOF declaration is due (ADR 0053): decided once per
 * enrolment, kind, deadline and stage (a unique key), then mailed once in the day's digest; the row
 * is the digest's outbox (`mailedAt` null until it went).
 */
@Entity({ tableName: 'edof_reminder', schema: 'enrolment' })
export class EdofReminder extends AggregateRoot<EdofReminderEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true }) id!: number;
  @Property({ type: 'integer', fieldName: 'student_id' }) studentId: number;
  @Property({ type: 'integer', fieldName: 'course_id' }) courseId: number;
  @Property({ type: 'text' }) kind!: EdofKind;
  @Property({ type: 'string', columnType: 'date', fieldName: 'edof_date' }) date!: string;
  @Property({ type: 'string', columnType: 'date' }) deadline!: string;
  @Property({ type: 'text' }) stage!: EdofReminderStage;
  @Property({ type: 'datetime', fieldName: 'decided_at' }) decidedAt!: Date;
  @Property({ type: 'datetime', fieldName: 'mailed_at', nullable: true }) mailedAt: Date | null = null;
  @Property({ type: 'integer' }) version = 0;

  constructor(studentId: number, courseId: number) {
    super();
    this.studentId = studentId;
    this.courseId = courseId;
  }

  stream(): StreamRef {
    return { type: EDOF_REMINDER_STREAM, id: this.id };
  }

  decide(declaration: EdofDeclaration & { date: string; deadline: string }, stage: EdofReminderStage, today: string, now: Date): void {
    Object.assign(this, { kind: declaration.kind, date: declaration.date, deadline: declaration.deadline, stage, decidedAt: now });
    this.record(() => ({
      type: 'EdofDeadlineReminded',
      payload: { reminderId: this.id, studentId: this.studentId, courseId: this.courseId, kind: this.kind, date: this.date, deadline: this.deadline, stage, today },
    }));
  }

  mailed(recipients: number, now: Date): boolean {
    if (this.mailedAt !== null) return false;
    this.mailedAt = now;
    this.record({ type: 'EdofReminderMailed', payload: { reminderId: this.id, recipients } });
    return true;
  }
}
