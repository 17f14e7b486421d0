import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { overAddressAllowance } from '../../../../platform/database/address-throttle.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, ConflictError, ForbiddenError, InvalidInputError, REQUEST_KEY_TAKEN, TooManyRequestsError, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_SUMMARY } from '../../../catalogue/contracts/catalogue.read-models.js';
import { checkVisitor, Complaint, type Filer, type VisitorContact } from '../../domain/complaint.aggregate.js';
import { ComplaintNotFoundError } from './complaint.queries.js';
import type { ComplaintReceipt } from './complaint.views.js';

export const TOO_MANY_COMPLAINTS = 'Trop de réclamations envoyées depuis cette adresse. Réessayez dans une heure, ou écrivez-nous par e-mail.';
export const UNKNOWN_COURSE = 'La formation choisie n’existe pas dans notre catalogue.';
export const FILERS_ONLY = 'Une réclamation est déposée par un apprenant, un formateur ou un visiteur : un administrateur la traite dans le registre.';

/** Without 0, O, 1, I, L: a reference read over the phone is not misread. */
const REFERENCE_LETTERS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const newReference = (): string => `REC-${Array.from({ length: 6 }, () => REFERENCE_LETTERS[randomInt(REFERENCE_LETTERS.length)]).join('')}`;

/**
 * Counts a visitor's filings per address in PostgreSQL (every node sees the same count), by the
 * server's clock, and refuses over COMPLAINT_VISITOR_MAX_PER_ADDRESS within the window.
 */
@Injectable()
export class ComplaintFilingThrottle {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async take(address: string): Promise<void> {
    const { visitorMaxPerAddress: max, visitorWindowSeconds: windowSeconds } = this.config.complaints;
    if (await overAddressAllowance(this.db, 'quality.filing_attempt', address, this.clock.now(), { max, windowSeconds })) throw new TooManyRequestsError(TOO_MANY_COMPLAINTS);
  }
}

export interface FileComplaintInput {
  category: unknown;
  courseId: number | null;
  message: unknown;
  /** A visitor's contact (ignored for a signed-in filer: their account speaks for them). */
  visitor: VisitorContact;
  /** The hidden field a person never fills: filled, the filing is answered like a success and nothing is stored. */
  honeypot: unknown;
  /** The client's key for this complaint: sent again (double submit, retry), the complaint already filed answers. */
  requestKey: string;
  /** The caller's address (the throttle's key for visitors). */
  address: string;
}

/** A learner, a trainer (signed in) or a visitor files a complaint (docs/adr/0048). */
export class FileComplaint extends Command<ComplaintReceipt> {
  constructor(
    readonly actor: Actor | null,
    readonly input: FileComplaintInput,
  ) {
    super();
  }
}

@CommandHandler(FileComplaint)
export class FileComplaintHandler implements ICommandHandler<FileComplaint> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly throttle: ComplaintFilingThrottle,
  ) {}

  async execute({ actor, input }: FileComplaint): Promise<ComplaintReceipt> {
    if (actor && actor.role !== 'student' && actor.role !== 'teacher') throw new ForbiddenError(FILERS_ONLY);
    const filerKind = actor ? actor.role : 'visitor';
    const filerId = actor ? actor.profileId : null;
    // The same filing sent again (a retry after a lost answer) answers its receipt before the
    // throttle counts it; a key someone else used is refused, never answered with their receipt.
    const sent = await this.db.one<{ id: number; filer_kind: string; filer_id: number | null }>('select id, filer_kind, filer_id from quality.complaint where client_key = $1', [input.requestKey]);
    if (sent) return this.receipt(sameFiler(sent.filer_kind, sent.filer_id, filerKind, filerId), sent.id);
    if (!actor) await this.throttle.take(input.address);
    // Everything is checked before the honeypot: a filing it catches is one that would have been stored.
    Complaint.check({ category: input.category, courseId: input.courseId }, input.message);
    const filer: Filer = actor ? { kind: actor.role as 'student' | 'teacher', id: actor.profileId } : { kind: 'visitor', contact: checkVisitor(input.visitor) };
    if (input.courseId !== null) {
      const course = await this.db.one(`select 1 from ${COURSE_SUMMARY} where course_id = $1 and status = 'published'`, [input.courseId]);
      if (!course) throw new InvalidInputError(UNKNOWN_COURSE, 'course_id');
    }
    if (typeof input.honeypot === 'string' ? input.honeypot.trim() !== '' : input.honeypot !== undefined && input.honeypot !== null) {
      // A robot filled the hidden field: it is told what a person is told, and nothing is kept.
      return { reference: newReference(), received_at: this.clock.now().toISOString() };
    }
    const id = await this.store.transaction(async (uow) => {
      // Read inside each try: a copy that raced with this one finds the winner (docs/adr/0022).
      const known = await uow.em.findOne(Complaint, { clientKey: input.requestKey });
      if (known) {
        if (!sameFiler(known.filerKind, known.filerId, filerKind, filerId)) throw new ConflictError(KEY_TAKEN, 'request_key');
        return known.id;
      }
      const complaint = uow.add(new Complaint(newReference(), input.requestKey));
      complaint.file(filer, { category: input.category, courseId: input.courseId }, input.message, this.clock.now());
      return () => complaint.id;
    });
    return this.receipt(true, id);
  }

  private async receipt(same: boolean, id: number): Promise<ComplaintReceipt> {
    if (!same) throw new ConflictError(KEY_TAKEN, 'request_key');
    const row = await this.db.one<{ reference: string; received_at: Date }>('select reference, received_at from quality.complaint where id = $1', [id]);
    return { reference: row!.reference, received_at: new Date(row!.received_at).toISOString() };
  }
}

/** A request key sent by another filer than the one who first used it. */
export const KEY_TAKEN = REQUEST_KEY_TAKEN;

const sameFiler = (kind: string, id: number | null, otherKind: string, otherId: number | null) => kind === otherKind && id === otherId;

const writers = (complaintId: number) => ({ serialize: [`quality.complaint:${complaintId}`] });

/** An admin moves a complaint to a status (reçue, en cours, traitée, close). */
export class ChangeComplaintStatus extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly complaintId: number,
    readonly status: unknown,
  ) {
    super();
  }
}

@CommandHandler(ChangeComplaintStatus)
export class ChangeComplaintStatusHandler implements ICommandHandler<ChangeComplaintStatus> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, complaintId, status }: ChangeComplaintStatus): Promise<void> {
    await this.store.transaction(async (uow) => {
      const complaint = await uow.load(Complaint, { id: complaintId }, () => new ComplaintNotFoundError());
      complaint.changeStatus(status, actor.profileId, this.clock.now());
    }, writers(complaintId));
  }
}

/** An admin answers a complaint; the filer is e-mailed the answer (ComplaintMailPolicy). */
export class AnswerComplaint extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly complaintId: number,
    readonly message: unknown,
    readonly answerKey: string,
  ) {
    super();
  }
}

@CommandHandler(AnswerComplaint)
export class AnswerComplaintHandler implements ICommandHandler<AnswerComplaint> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, complaintId, message, answerKey }: AnswerComplaint): Promise<number> {
    return this.store.transaction(async (uow) => {
      const complaint = await uow.load(Complaint, { id: complaintId }, () => new ComplaintNotFoundError(), { populate: ['answers'] });
      const answer = complaint.answer(actor.profileId, message, answerKey, this.clock.now());
      return () => Number(answer.id);
    }, writers(complaintId));
  }
}

/** An admin records the action taken on a complaint. */
export class RecordComplaintAction extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly complaintId: number,
    readonly action: unknown,
  ) {
    super();
  }
}

@CommandHandler(RecordComplaintAction)
export class RecordComplaintActionHandler implements ICommandHandler<RecordComplaintAction> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, complaintId, action }: RecordComplaintAction): Promise<void> {
    await this.store.transaction(async (uow) => {
      const complaint = await uow.load(Complaint, { id: complaintId }, () => new ComplaintNotFoundError());
      complaint.recordAction(actor.profileId, action, this.clock.now());
    }, writers(complaintId));
  }
}
