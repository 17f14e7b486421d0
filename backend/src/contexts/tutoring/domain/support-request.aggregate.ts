import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import {
  SUPPORT_CATEGORIES, SUPPORT_REQUEST_STREAM,
  type SupportCategory, type SupportRequestEvent, type SupportStaffRole, type SupportStatus,
} from '../contracts/tutoring.events.js';
import { sha256 } from './conversation.aggregate.js';

export const SUPPORT_TEXT_MAX = 5000;
export const SUPPORT_MESSAGES = {
  emptyRequest: 'Veuillez décrire votre problème avant d’envoyer la demande.',
  emptyAnswer: 'Veuillez saisir une réponse avant d’envoyer.',
  tooLong: `Le message ne doit pas dépasser ${SUPPORT_TEXT_MAX} caractères.`,
  category: 'Veuillez choisir une catégorie : connexion/compte, vidéo, module SCORM, quiz/évaluation ou autre.',
  resolved: 'Cette demande est résolue : elle ne reçoit plus de réponse.',
};

/** A support text as it will be stored: as written, not blank, at most SUPPORT_TEXT_MAX characters. */
export function checkSupportText(text: unknown, empty: string, field: string): string {
  if (typeof text !== 'string' || text.trim() === '') throw new InvalidInputError(empty, field);
  if ([...text].length > SUPPORT_TEXT_MAX) throw new InvalidInputError(SUPPORT_MESSAGES.tooLong, field);
  return text;
}

export interface SupportSubject {
  category: unknown;
  courseId: number | null;
  stepKind: 'chapter' | 'subchapter' | null;
  stepId: number | null;
}

/**
 * A learner's request for technical help (docs/adr/0037): opened once with its text, answered by
 * staff (every answer kept), resolved once. Status: ouverte → répondue (first answer) → résolue.
 * Times are the server's; the first answer's delay is computed here from them.
 */
@Entity({ tableName: 'support_request', schema: 'tutoring' })
export class SupportRequest extends AggregateRoot<SupportRequestEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer', fieldName: 'student_id' })
  studentId: number;

  @Property({ type: 'integer', fieldName: 'course_id', nullable: true })
  courseId: number | null = null;

  @Property({ type: 'text', fieldName: 'step_kind', nullable: true })
  stepKind: 'chapter' | 'subchapter' | null = null;

  @Property({ type: 'integer', fieldName: 'step_id', nullable: true })
  stepId: number | null = null;

  @Property({ type: 'text' })
  category: SupportCategory = 'autre';

  @Property({ type: 'text' })
  body = '';

  @Property({ type: 'string', length: 64 })
  sha256 = '';

  @Property({ type: 'uuid', fieldName: 'client_key' })
  clientKey: string;

  @Property({ type: 'text' })
  status: SupportStatus = 'ouverte';

  @Property({ type: 'datetime', fieldName: 'opened_at' })
  openedAt!: Date;

  @Property({ type: 'datetime', fieldName: 'first_answered_at', nullable: true })
  firstAnsweredAt: Date | null = null;

  @Property({ type: 'integer', fieldName: 'response_seconds', nullable: true })
  responseSeconds: number | null = null;

  @Property({ type: 'datetime', fieldName: 'resolved_at', nullable: true })
  resolvedAt: Date | null = null;

  @Property({ type: 'integer', fieldName: 'resolved_by_id', nullable: true })
  resolvedById: number | null = null;

  @Property({ type: 'text', fieldName: 'resolved_by_role', nullable: true })
  resolvedByRole: SupportStaffRole | null = null;

  @Property({ type: 'integer' })
  version = 0;

  @OneToMany(() => SupportAnswer, (a) => a.request)
  answers = new Collection<SupportAnswer>(this);

  constructor(studentId: number, clientKey: string) {
    super();
    this.studentId = studentId;
    this.clientKey = clientKey;
  }

  stream(): StreamRef {
    return { type: SUPPORT_REQUEST_STREAM, id: this.id };
  }

  /** Opens it: a category of the list, the text; the course and step were checked by the caller (an enrolment of the learner, a step of it). */
  open(subject: SupportSubject, text: unknown, now: Date): void {
    if (typeof subject.category !== 'string' || !(SUPPORT_CATEGORIES as readonly string[]).includes(subject.category)) {
      throw new InvalidInputError(SUPPORT_MESSAGES.category, 'category');
    }
    const body = checkSupportText(text, SUPPORT_MESSAGES.emptyRequest, 'message');
    this.category = subject.category as SupportCategory;
    this.courseId = subject.courseId;
    this.stepKind = subject.stepId === null ? null : subject.stepKind;
    this.stepId = subject.stepKind === null ? null : subject.stepId;
    this.body = body;
    this.sha256 = sha256(body);
    this.openedAt = now;
    this.record(() => ({
      type: 'SupportRequestOpened',
      payload: {
        requestId: this.id, studentId: this.studentId, category: this.category, courseId: this.courseId,
        stepKind: this.stepKind, stepId: this.stepId, sha256: this.sha256, length: [...body].length,
      },
    }));
  }

  /**
   * An answer from an admin or the course's trainer (the caller checked who). The same client key
   * again (a double submit, a retry) answers the answer already stored, and records nothing. The
   * answers must be loaded.
   */
  answer(authorId: number, authorRole: SupportStaffRole, text: unknown, clientKey: string, now: Date): SupportAnswer {
    const known = this.answers.getItems().find((a) => a.clientKey === clientKey);
    if (known) return known;
    if (this.status === 'resolue') throw new ConflictError(SUPPORT_MESSAGES.resolved);
    const body = checkSupportText(text, SUPPORT_MESSAGES.emptyAnswer, 'message');
    const answer = new SupportAnswer(authorId, authorRole, body, clientKey, now);
    answer.request = this;
    this.answers.add(answer);
    let responseSeconds: number | null = null;
    if (this.firstAnsweredAt === null) {
      this.firstAnsweredAt = now;
      responseSeconds = Math.max(0, Math.round((now.getTime() - this.openedAt.getTime()) / 1000));
      this.responseSeconds = responseSeconds;
      this.status = 'repondue';
    }
    this.record(() => ({
      type: 'SupportRequestAnswered',
      payload: {
        requestId: this.id, answerId: Number(answer.id), studentId: this.studentId, courseId: this.courseId,
        answererId: authorId, answererRole: authorRole, sha256: answer.sha256, length: [...body].length, responseSeconds,
      },
    }));
    return answer;
  }

  /** Marks it resolved, once; resolving it again changes nothing (returns false). */
  resolve(byId: number, byRole: SupportStaffRole, now: Date): boolean {
    if (this.status === 'resolue') return false;
    this.status = 'resolue';
    this.resolvedAt = now;
    this.resolvedById = byId;
    this.resolvedByRole = byRole;
    this.record({ type: 'SupportRequestResolved', payload: { requestId: this.id, studentId: this.studentId, courseId: this.courseId, resolvedById: byId, resolvedByRole: byRole } });
    return true;
  }
}

@Entity({ tableName: 'support_answer', schema: 'tutoring' })
export class SupportAnswer {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: number;

  @ManyToOne(() => SupportRequest, { fieldName: 'request_id' })
  request!: Rel<SupportRequest>;

  @Property({ type: 'integer', fieldName: 'author_id' })
  authorId: number;

  @Property({ type: 'text', fieldName: 'author_role' })
  authorRole: SupportStaffRole;

  @Property({ type: 'text' })
  body: string;

  @Property({ type: 'string', length: 64 })
  sha256: string;

  @Property({ type: 'uuid', fieldName: 'client_key' })
  clientKey: string;

  @Property({ type: 'datetime', fieldName: 'answered_at' })
  answeredAt: Date;

  constructor(authorId: number, authorRole: SupportStaffRole, body: string, clientKey: string, answeredAt: Date) {
    this.authorId = authorId;
    this.authorRole = authorRole;
    this.body = body;
    this.sha256 = sha256(body);
    this.clientKey = clientKey;
    this.answeredAt = answeredAt;
  }
}
