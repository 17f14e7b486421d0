import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { Tutorship, type TutorshipOrigin } from '../../domain/tutorship.aggregate.js';
import { assertPairOpen, assertStudentExists, assertTeacherAccepted, CLOSED_FOR_FOLLOW_UP } from '../tutoring-access.js';

/** A trainer starts following a student: an admin's decision, or ('system') the student's enrolment in one of the trainer's courses. */
export class AssignTrainer extends Command<boolean> {
  constructor(
    readonly actor: Actor | 'system',
    readonly teacherId: number,
    readonly studentId: number,
    readonly origin: TutorshipOrigin = 'admin',
    readonly courseId: number | null = null,
  ) {
    super();
  }
}

@CommandHandler(AssignTrainer)
export class AssignTrainerHandler implements ICommandHandler<AssignTrainer> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, teacherId, studentId, origin, courseId }: AssignTrainer): Promise<boolean> {
    if (actor !== 'system') assertAdmin(actor);
    // A closed account is neither followed nor follows any more (ADR 0015, issue 22).
    await assertPairOpen(this.queries, teacherId, studentId, CLOSED_FOR_FOLLOW_UP);
    // A trainer waiting for (or refused by) the centre follows nobody (docs/adr/0030).
    await Promise.all([assertTeacherAccepted(this.queries, teacherId), assertStudentExists(this.queries, studentId)]);
    return this.store.transaction(async (uow) => {
      const link = (await uow.find(Tutorship, { teacherId, studentId })) ?? uow.add(new Tutorship(teacherId, studentId));
      return link.assign(origin, this.clock.now(), courseId);
    });
  }
}
