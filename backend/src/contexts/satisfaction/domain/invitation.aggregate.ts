import { randomBytes } from 'node:crypto';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, type StreamRef } from '../../../shared-kernel/index.js';
import { INVITATION_STREAM, type RespondentKind, type SatisfactionEvent } from '../contracts/satisfaction.events.js';
import { sha256 } from './questionnaire.aggregate.js';

/** A link's single-use token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const INVITATION_MESSAGES = {
  expired: 'Ce questionnaire n’est plus ouvert : le lien a expiré. Merci de votre intérêt.',
  answered: 'Ce questionnaire a déjà été rempli avec ce lien : une seule réponse est possible.',
  unknown: 'Ce lien de questionnaire est inconnu. Vérifiez qu’il a été copié en entier depuis l’e-mail.',
};

export interface InvitationTarget {
  questionnaireId: number;
  respondentKind: RespondentKind;
  studentId: number | null;
  /** A session's trainer invited by the daily job (their e-mail is `email`); null otherwise. */
  teacherId?: number | null;
  email: string | null;
  courseId: number;
  sessionId: number | null;
  /** The Paris day the questionnaire became due (the course's end, or N days later for « à froid »). */
  dueOn: string;
}

/**
 * An invitation to answer a questionnaire (docs/adr/0054): one single-use token, sent by e-mail
 * (and shown in a learner's space), reminded every `reminderDays` at most `maxReminders` times
 * while it is not answered nor expired. Whether it was answered is read from the responses (by
 * the token's hash), never recorded on this stream: the log does not tie an answer to a person.
 */
@Entity({ tableName: 'invitation', schema: 'satisfaction' })
export class SurveyInvitation extends AggregateRoot<SatisfactionEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'questionnaire_id' })
  questionnaireId!: number;

  @Property({ type: 'text', fieldName: 'respondent_kind' })
  respondentKind!: RespondentKind;

  @Property({ type: 'integer', fieldName: 'student_id', nullable: true })
  studentId: number | null = null;

  @Property({ type: 'integer', fieldName: 'teacher_id', nullable: true })
  teacherId: number | null = null;

  @Property({ type: 'text', nullable: true })
  email: string | null = null;

  @Property({ type: 'integer', fieldName: 'course_id' })
  courseId!: number;

  @Property({ type: 'integer', fieldName: 'session_id', nullable: true })
  sessionId: number | null = null;

  @Property({ type: 'text' })
  token: string;

  @Property({ type: 'string', length: 64, fieldName: 'token_sha256' })
  tokenSha256: string;

  @Property({ type: 'date', fieldName: 'due_on' })
  dueOn!: string;

  @Property({ type: 'datetime', fieldName: 'sent_at' })
  sentAt!: Date;

  @Property({ type: 'datetime', fieldName: 'expires_at' })
  expiresAt!: Date;

  @Property({ type: 'integer', fieldName: 'reminders_sent' })
  remindersSent = 0;

  @Property({ type: 'datetime', fieldName: 'last_reminded_at', nullable: true })
  lastRemindedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(token: string = newToken()) {
    super();
    this.token = token;
    this.tokenSha256 = sha256(token);
  }

  stream(): StreamRef {
    return { type: INVITATION_STREAM, id: this.id };
  }

  /** Sends it: the token is valid `validDays` from now (server clock). */
  send(target: InvitationTarget, now: Date, validDays: number): void {
    Object.assign(this, {
      questionnaireId: target.questionnaireId, respondentKind: target.respondentKind, studentId: target.studentId, teacherId: target.teacherId ?? null, email: target.email,
      courseId: target.courseId, sessionId: target.sessionId, dueOn: target.dueOn,
    });
    this.sentAt = now;
    this.expiresAt = new Date(now.getTime() + validDays * 86_400_000);
    this.record(() => ({
      type: 'SurveyInvitationSent',
      payload: {
        invitationId: this.id, questionnaireId: this.questionnaireId, respondentKind: this.respondentKind, courseId: this.courseId,
        sessionId: this.sessionId, studentId: this.studentId, dueOn: this.dueOn,
        // A contact's address proven without being kept in the log; a learner is named by id.
        emailSha256: this.studentId === null && this.email !== null ? sha256(this.email) : null,
      },
    }));
  }

  /**
   * A reminder if one is due: not answered, not expired, fewer than `max` sent, and `everyDays`
   * since the invitation or the last reminder (server clock). Returns whether one was recorded:
   * run twice (two nodes, a job run again), the second finds it done.
   */
  remind(now: Date, answered: boolean, everyDays: number, max: number): boolean {
    if (answered || this.isExpired(now) || this.remindersSent >= max) return false;
    const last = this.lastRemindedAt ?? this.sentAt;
    if (now.getTime() - last.getTime() < everyDays * 86_400_000) return false;
    this.remindersSent += 1;
    this.lastRemindedAt = now;
    this.record({ type: 'SurveyReminderSent', payload: { invitationId: this.id, reminderNumber: this.remindersSent } });
    return true;
  }

  isExpired(now: Date): boolean {
    return now.getTime() >= this.expiresAt.getTime();
  }

  /** Refuses an answer through an expired link (the caller checked it was not answered). */
  checkOpen(now: Date): void {
    if (this.isExpired(now)) throw new ConflictError(INVITATION_MESSAGES.expired);
  }
}
