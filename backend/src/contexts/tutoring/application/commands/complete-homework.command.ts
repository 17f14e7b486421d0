import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, ForbiddenError, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { Homework } from '../../domain/homework.aggregate.js';
import { HomeworkNotFoundError } from '../../domain/tutoring.errors.js';

export const NOT_UNDONE = 'Un devoir terminé ne peut pas redevenir « en attente ».';

/** The student marks their homework done (student_status = true); it is never undone. */
export class CompleteHomework extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly homeworkId: number,
    readonly studentStatus: boolean,
  ) {
    super();
  }
}

@CommandHandler(CompleteHomework)
export class CompleteHomeworkHandler implements ICommandHandler<CompleteHomework> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, homeworkId, studentStatus }: CompleteHomework): Promise<void> {
    if (actor.role !== 'student') throw new ForbiddenError("Seul l'étudiant peut marquer son devoir comme terminé.");
    if (!studentStatus) throw new InvalidInputError(NOT_UNDONE, 'student_status');
    await this.store.transaction(async (uow) => {
      const homework = await uow.load(Homework, { id: homeworkId }, () => new HomeworkNotFoundError());
      homework.complete(actor.profileId, this.clock.now());
    });
  }
}
