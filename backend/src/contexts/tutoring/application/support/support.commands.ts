import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { SupportRequest } from '../../domain/support-request.aggregate.js';
import { assertLearnerOpen, assertSubject, staffRoleFor, SUPPORT_ACCESS, SupportRequestNotFoundError, supportWriters } from './support-access.js';

export interface OpenSupportInput {
  category: unknown;
  courseId: number | null;
  stepKind: 'chapter' | 'subchapter' | null;
  stepId: number | null;
  message: unknown;
  /** The client's key for this request: sent again (double submit, retry), the request already opened answers. */
  requestKey: string;
}

/** A signed-in learner opens a technical-support request (docs/adr/0037). */
export class OpenSupportRequest extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly input: OpenSupportInput,
  ) {
    super();
  }
}

@CommandHandler(OpenSupportRequest)
export class OpenSupportRequestHandler implements ICommandHandler<OpenSupportRequest> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, input }: OpenSupportRequest): Promise<number> {
    if (actor.role !== 'student') throw new ForbiddenError('Seul un apprenant ouvre une demande d’assistance technique.');
    const studentId = actor.profileId;
    await assertLearnerOpen(this.queries, studentId, SUPPORT_ACCESS.closedLearner);
    return this.store.transaction(async (uow) => {
      // Read inside each try: a copy that raced with this one finds the winner's request (docs/adr/0022).
      const known = await uow.find(SupportRequest, { studentId, clientKey: input.requestKey });
      if (known) return known.id;
      await assertSubject(this.db, studentId, input.courseId, input.stepKind, input.stepId);
      const request = uow.add(new SupportRequest(studentId, input.requestKey));
      request.open({ category: input.category, courseId: input.courseId, stepKind: input.stepKind, stepId: input.stepId }, input.message, this.clock.now());
      return () => request.id;
    });
  }
}

/** An admin or the course's trainer answers a request; the learner is told by e-mail (SupportAnswerNotificationPolicy). */
export class AnswerSupportRequest extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly requestId: number,
    readonly message: unknown,
    readonly answerKey: string,
  ) {
    super();
  }
}

@CommandHandler(AnswerSupportRequest)
export class AnswerSupportRequestHandler implements ICommandHandler<AnswerSupportRequest> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, requestId, message, answerKey }: AnswerSupportRequest): Promise<number> {
    return this.store.transaction(async (uow) => {
      const request = await uow.load(SupportRequest, { id: requestId }, () => new SupportRequestNotFoundError(), { populate: ['answers'] });
      const role = await staffRoleFor(this.db, actor, request.courseId);
      if (!request.answers.getItems().some((a) => a.clientKey === answerKey)) await assertLearnerOpen(this.queries, request.studentId, SUPPORT_ACCESS.closedForAnswers);
      const answer = request.answer(actor.profileId, role, message, answerKey, this.clock.now());
      return () => Number(answer.id);
    }, supportWriters(requestId));
  }
}

/** An admin or the course's trainer marks a request resolved; marking it again changes nothing. */
export class ResolveSupportRequest extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly requestId: number,
  ) {
    super();
  }
}

@CommandHandler(ResolveSupportRequest)
export class ResolveSupportRequestHandler implements ICommandHandler<ResolveSupportRequest> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, requestId }: ResolveSupportRequest): Promise<void> {
    await this.store.transaction(async (uow) => {
      const request = await uow.load(SupportRequest, { id: requestId }, () => new SupportRequestNotFoundError());
      const role = await staffRoleFor(this.db, actor, request.courseId);
      request.resolve(actor.profileId, role, this.clock.now());
    }, supportWriters(requestId));
  }
}
