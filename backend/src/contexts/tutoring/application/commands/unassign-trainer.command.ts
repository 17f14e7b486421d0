import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { TutorshipNotFoundError } from '../../domain/tutoring.errors.js';
import { Tutorship } from '../../domain/tutorship.aggregate.js';

/** An admin ends a trainer's following of a student; their exchanges and homework stay. */
export class UnassignTrainer extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@CommandHandler(UnassignTrainer)
export class UnassignTrainerHandler implements ICommandHandler<UnassignTrainer> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, teacherId, studentId }: UnassignTrainer): Promise<void> {
    assertAdmin(actor);
    await this.store.transaction(async (uow) => {
      const link = await uow.load(Tutorship, { teacherId, studentId }, () => new TutorshipNotFoundError());
      link.unassign(this.clock.now());
    });
  }
}
