import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, type StreamRef } from '../../../shared-kernel/index.js';
import { ENGAGEMENT_REMINDER_STREAM, type AlertFigures, type AlertKind, type EngagementReminderEvent } from '../contracts/engagement.events.js';
import type { Alert } from './engagement-rules.js';

export class NotInAlertError extends ConflictError {
  constructor() {
    super('Cet apprenant n’est pas en alerte pour cette formation : aucune relance n’est envoyée.');
  }
}

/** Who sent a reminder by hand; null for the daily job. */
export interface ReminderSender {
  role: 'admin' | 'teacher';
  profileId: number;
}

/**
 * One reminder e-mail to a learner about one course (issue 29 item 5, docs/adr/0053): decided once
 * (`LearnerReminded`, with the figures the alert was judged on and its rank), then mailed once
 * (`LearnerReminderMailed`). The row is also the e-mail's outbox: `mailedAt` null until it went.
 */
@Entity({ tableName: 'reminder', schema: 'engagement' })
export class EngagementReminder extends AggregateRoot<EngagementReminderEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true }) id!: number;
  @Property({ type: 'integer', fieldName: 'student_id' }) studentId: number;
  @Property({ type: 'integer', fieldName: 'course_id' }) courseId: number;
  @Property({ type: 'text' }) kind!: AlertKind;
  @Property({ type: 'datetime', fieldName: 'episode_start' }) episodeStart!: Date;
  @Property({ type: 'integer' }) nth!: number;
  @Property({ type: 'boolean' }) manual = false;
  @Property({ type: 'text', fieldName: 'by_role', nullable: true }) byRole: 'admin' | 'teacher' | null = null;
  @Property({ type: 'integer', fieldName: 'by_id', nullable: true }) byId: number | null = null;
  @Property({ type: 'json' }) figures!: AlertFigures;
  @Property({ type: 'datetime', fieldName: 'decided_at' }) decidedAt!: Date;
  @Property({ type: 'uuid', fieldName: 'request_key', nullable: true }) requestKey: string | null;
  @Property({ type: 'datetime', fieldName: 'mailed_at', nullable: true }) mailedAt: Date | null = null;
  @Property({ type: 'boolean', fieldName: 'mail_delivered', nullable: true }) mailDelivered: boolean | null = null;
  @Property({ type: 'integer' }) version = 0;

  constructor(studentId: number, courseId: number, requestKey: string | null = null) {
    super();
    this.studentId = studentId;
    this.courseId = courseId;
    this.requestKey = requestKey;
  }

  stream(): StreamRef {
    return { type: ENGAGEMENT_REMINDER_STREAM, id: this.id };
  }

  /** Decides the `nth` reminder of this alert (the caller judged it due, or an admin or trainer asked). */
  decide(alert: Alert | null, nth: number, by: ReminderSender | null, now: Date): void {
    if (alert === null) throw new NotInAlertError();
    Object.assign(this, {
      kind: alert.kind, episodeStart: alert.episodeStart, nth, figures: alert.figures, decidedAt: now,
      manual: by !== null, byRole: by?.role ?? null, byId: by?.profileId ?? null,
    });
    this.record(() => ({
      type: 'LearnerReminded',
      payload: {
        reminderId: this.id, studentId: this.studentId, courseId: this.courseId, kind: this.kind, nth: this.nth, manual: this.manual,
        byRole: this.byRole, byId: this.byId, episodeStart: this.episodeStart.toISOString(), figures: this.figures,
      },
    }));
  }

  /** The e-mail went (or could not be written to anyone): recorded once; false when already done. */
  mailed(delivered: boolean, now: Date): boolean {
    if (this.mailedAt !== null) return false;
    this.mailedAt = now;
    this.mailDelivered = delivered;
    this.record({ type: 'LearnerReminderMailed', payload: { reminderId: this.id, delivered } });
    return true;
  }
}
