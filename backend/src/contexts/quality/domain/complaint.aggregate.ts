import { createHash } from 'node:crypto';
import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, ConflictError, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import {
  COMPLAINT_CATEGORIES, COMPLAINT_STATUSES, COMPLAINT_STREAM,
  type ComplaintCategory, type ComplaintEvent, type ComplaintStatus, type FilerKind,
} from '../contracts/quality.events.js';

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const COMPLAINT_TEXT_MAX = 5000;
/** « 5 000 » with a no-break space, as French writes it. */
export const TEXT_MAX_LABEL = '5\u00a0000';
export const NAME_MAX = 200;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;

export const COMPLAINT_MESSAGES = {
  empty: 'Veuillez décrire votre réclamation avant de l’envoyer.',
  tooLong: `La réclamation ne doit pas dépasser ${TEXT_MAX_LABEL} caractères.`,
  answerEmpty: 'Veuillez saisir une réponse avant de l’envoyer.',
  answerTooLong: `La réponse ne doit pas dépasser ${TEXT_MAX_LABEL} caractères.`,
  actionEmpty: 'Veuillez décrire l’action menée.',
  actionTooLong: `L’action menée ne doit pas dépasser ${TEXT_MAX_LABEL} caractères.`,
  category: 'Veuillez choisir l’objet de la réclamation : contenu, formateur, technique, administratif, documents, accessibilité ou autre.',
  status: 'Le statut doit être « recue », « en_cours », « traitee » ou « close ».',
  name: 'Veuillez indiquer votre nom (200 caractères au plus).',
  email: 'Veuillez indiquer une adresse e-mail valide pour recevoir la réponse.',
  phone: 'Le téléphone ne peut contenir que des chiffres, espaces, points, tirets et un « + » initial (30 caractères au plus).',
  closed: 'Cette réclamation est close : elle ne change plus.',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 .()-]{6,30}$/;

/** A text as it will be stored: as written, not blank, at most COMPLAINT_TEXT_MAX characters. */
export function checkText(text: unknown, empty: string, tooLong: string, field: string): string {
  if (typeof text !== 'string' || text.trim() === '') throw new InvalidInputError(empty, field);
  if ([...text].length > COMPLAINT_TEXT_MAX) throw new InvalidInputError(tooLong, field);
  return text;
}

/** A visitor's contact: a name, an e-mail address to answer, an optional phone number. */
export interface VisitorContact {
  name: unknown;
  email: unknown;
  phone: unknown;
}

export interface CheckedVisitor {
  name: string;
  email: string;
  phone: string | null;
}

export function checkVisitor(visitor: VisitorContact): CheckedVisitor {
  const name = typeof visitor.name === 'string' ? visitor.name.trim() : '';
  if (name === '' || [...name].length > NAME_MAX) throw new InvalidInputError(COMPLAINT_MESSAGES.name, 'name');
  const email = typeof visitor.email === 'string' ? visitor.email.trim() : '';
  if (!EMAIL.test(email) || email.length > EMAIL_MAX) throw new InvalidInputError(COMPLAINT_MESSAGES.email, 'email');
  const rawPhone = visitor.phone === undefined || visitor.phone === null ? '' : visitor.phone;
  if (typeof rawPhone !== 'string') throw new InvalidInputError(COMPLAINT_MESSAGES.phone, 'phone');
  const phone = rawPhone.trim();
  if (phone !== '' && !PHONE.test(phone)) throw new InvalidInputError(COMPLAINT_MESSAGES.phone, 'phone');
  return { name, email, phone: phone === '' ? null : phone };
}

export interface ComplaintSubject {
  category: unknown;
  /** Checked by the caller: a course of the catalogue. */
  courseId: number | null;
}

/** Who files: a signed-in learner or trainer (their profile), or a visitor with their contact. */
export type Filer = { kind: 'student' | 'teacher'; id: number } | { kind: 'visitor'; contact: CheckedVisitor };

/**
 * A complaint (réclamation, docs/adr/0048): filed once with its text, handled by admins: a status
 * (reçue → en cours → traitée → close; close is final), answers (each e-mailed to the filer), the
 * action taken. The handling time is the server's: from reception to the first answer. A visitor's
 * contact is erased after the retention period; the complaint's facts stay.
 */
@Entity({ tableName: 'complaint', schema: 'quality' })
export class Complaint extends AggregateRoot<ComplaintEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The public reference given to the filer (« REC-7K3M9Q »). */
  @Property({ type: 'text' })
  reference: string;

  @Property({ type: 'uuid', fieldName: 'client_key' })
  clientKey: string;

  @Property({ type: 'text', fieldName: 'filer_kind' })
  filerKind: FilerKind = 'visitor';

  @Property({ type: 'integer', fieldName: 'filer_id', nullable: true })
  filerId: number | null = null;

  @Property({ type: 'text', fieldName: 'visitor_name', nullable: true })
  visitorName: string | null = null;

  @Property({ type: 'text', fieldName: 'visitor_email', nullable: true })
  visitorEmail: string | null = null;

  @Property({ type: 'text', fieldName: 'visitor_phone', nullable: true })
  visitorPhone: string | null = null;

  @Property({ type: 'datetime', fieldName: 'filer_data_erased_at', nullable: true })
  filerDataErasedAt: Date | null = null;

  @Property({ type: 'text' })
  category: ComplaintCategory = 'autre';

  @Property({ type: 'integer', fieldName: 'course_id', nullable: true })
  courseId: number | null = null;

  @Property({ type: 'text' })
  body = '';

  @Property({ type: 'string', length: 64 })
  sha256 = '';

  @Property({ type: 'text' })
  status: ComplaintStatus = 'recue';

  @Property({ type: 'datetime', fieldName: 'received_at' })
  receivedAt!: Date;

  @Property({ type: 'datetime', fieldName: 'first_answered_at', nullable: true })
  firstAnsweredAt: Date | null = null;

  @Property({ type: 'integer', fieldName: 'handling_seconds', nullable: true })
  handlingSeconds: number | null = null;

  @Property({ type: 'datetime', fieldName: 'treated_at', nullable: true })
  treatedAt: Date | null = null;

  @Property({ type: 'datetime', fieldName: 'closed_at', nullable: true })
  closedAt: Date | null = null;

  @Property({ type: 'text', fieldName: 'action_taken', nullable: true })
  actionTaken: string | null = null;

  @Property({ type: 'datetime', fieldName: 'action_recorded_at', nullable: true })
  actionRecordedAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  @OneToMany(() => ComplaintAnswer, (a) => a.complaint)
  answers = new Collection<ComplaintAnswer>(this);

  constructor(reference: string, clientKey: string) {
    super();
    this.reference = reference;
    this.clientKey = clientKey;
  }

  stream(): StreamRef {
    return { type: COMPLAINT_STREAM, id: this.id };
  }

  /** What a filing must hold: a category of the list and a text (1–5,000 characters); throws the first refusal. */
  static check(subject: ComplaintSubject, text: unknown): { category: ComplaintCategory; body: string } {
    if (typeof subject.category !== 'string' || !(COMPLAINT_CATEGORIES as readonly string[]).includes(subject.category)) {
      throw new InvalidInputError(COMPLAINT_MESSAGES.category, 'category');
    }
    return { category: subject.category as ComplaintCategory, body: checkText(text, COMPLAINT_MESSAGES.empty, COMPLAINT_MESSAGES.tooLong, 'message') };
  }

  /** Files it: a category of the list, the text (checked here); the course was checked by the caller. */
  file(filer: Filer, subject: ComplaintSubject, text: unknown, now: Date): void {
    const { body } = Complaint.check(subject, text);
    this.filerKind = filer.kind;
    if (filer.kind === 'visitor') {
      this.visitorName = filer.contact.name;
      this.visitorEmail = filer.contact.email;
      this.visitorPhone = filer.contact.phone;
    } else {
      this.filerId = filer.id;
    }
    this.category = subject.category as ComplaintCategory;
    this.courseId = subject.courseId;
    this.body = body;
    this.sha256 = sha256(body);
    this.receivedAt = now;
    this.record(() => ({
      type: 'ComplaintFiled',
      payload: {
        complaintId: this.id, filerKind: this.filerKind, filerId: this.filerId, category: this.category, courseId: this.courseId,
        sha256: this.sha256, length: [...body].length,
      },
    }));
  }

  /** Moves it to a status; the same status again records nothing (returns false); a closed one does not move. */
  changeStatus(status: unknown, adminId: number, now: Date): boolean {
    if (typeof status !== 'string' || !(COMPLAINT_STATUSES as readonly string[]).includes(status)) throw new InvalidInputError(COMPLAINT_MESSAGES.status, 'status');
    const to = status as ComplaintStatus;
    if (to === this.status) return false;
    if (this.status === 'close') throw new ConflictError(COMPLAINT_MESSAGES.closed);
    const from = this.status;
    this.status = to;
    if (to === 'traitee') this.treatedAt = now;
    if (to === 'close') {
      this.closedAt = now;
      this.treatedAt ??= now;
    }
    this.record({ type: 'ComplaintStatusChanged', payload: { complaintId: this.id, from, to, adminId } });
    return true;
  }

  /**
   * An admin's answer (e-mailed to the filer by a policy). The same client key again answers the
   * answer already stored. The first answer fixes the handling time (server clock) and moves a
   * received complaint to « en cours ». The answers must be loaded.
   */
  answer(adminId: number, text: unknown, clientKey: string, now: Date): ComplaintAnswer {
    const known = this.answers.getItems().find((a) => a.clientKey === clientKey);
    if (known) return known;
    if (this.status === 'close') throw new ConflictError(COMPLAINT_MESSAGES.closed);
    const body = checkText(text, COMPLAINT_MESSAGES.answerEmpty, COMPLAINT_MESSAGES.answerTooLong, 'message');
    const answer = new ComplaintAnswer(adminId, body, clientKey, now);
    answer.complaint = this;
    this.answers.add(answer);
    let handlingSeconds: number | null = null;
    if (this.firstAnsweredAt === null) {
      this.firstAnsweredAt = now;
      handlingSeconds = Math.max(0, Math.round((now.getTime() - this.receivedAt.getTime()) / 1000));
      this.handlingSeconds = handlingSeconds;
    }
    this.record(() => ({
      type: 'ComplaintAnswered',
      payload: { complaintId: this.id, answerId: Number(answer.id), adminId, sha256: answer.sha256, length: [...body].length, handlingSeconds },
    }));
    if (this.status === 'recue') this.changeStatus('en_cours', adminId, now);
    return answer;
  }

  /** Records (or rewrites) the action taken; the same text again records nothing. */
  recordAction(adminId: number, text: unknown, now: Date): boolean {
    if (this.status === 'close') throw new ConflictError(COMPLAINT_MESSAGES.closed);
    const action = checkText(text, COMPLAINT_MESSAGES.actionEmpty, COMPLAINT_MESSAGES.actionTooLong, 'action_taken');
    if (action === this.actionTaken) return false;
    this.actionTaken = action;
    this.actionRecordedAt = now;
    this.record({ type: 'ComplaintActionRecorded', payload: { complaintId: this.id, adminId, sha256: sha256(action), length: [...action].length } });
    return true;
  }

  /** The retention period ended: a visitor's contact goes, the facts stay. Nothing to erase: false. */
  eraseFilerData(now: Date): boolean {
    if (this.filerKind !== 'visitor' || this.filerDataErasedAt !== null) return false;
    this.visitorName = null;
    this.visitorEmail = null;
    this.visitorPhone = null;
    this.filerDataErasedAt = now;
    this.record({ type: 'ComplaintFilerDataErased', payload: { complaintId: this.id, reason: 'retention' } });
    return true;
  }
}

@Entity({ tableName: 'complaint_answer', schema: 'quality' })
export class ComplaintAnswer {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: number;

  @ManyToOne(() => Complaint, { fieldName: 'complaint_id' })
  complaint!: Rel<Complaint>;

  @Property({ type: 'integer', fieldName: 'admin_id' })
  adminId: number;

  @Property({ type: 'text' })
  body: string;

  @Property({ type: 'string', length: 64 })
  sha256: string;

  @Property({ type: 'uuid', fieldName: 'client_key' })
  clientKey: string;

  @Property({ type: 'datetime', fieldName: 'answered_at' })
  answeredAt: Date;

  constructor(adminId: number, body: string, clientKey: string, answeredAt: Date) {
    this.adminId = adminId;
    this.body = body;
    this.sha256 = sha256(body);
    this.clientKey = clientKey;
    this.answeredAt = answeredAt;
  }
}
