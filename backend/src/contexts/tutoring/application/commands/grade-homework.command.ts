import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { Homework } from '../../domain/homework.aggregate.js';
import { HomeworkNotFoundError } from '../../domain/tutoring.errors.js';

/** The trainer who gave the homework (or an admin) grades it out of 20 with optional feedback; the learner is e-mailed (HomeworkGradedNotificationPolicy). */
export class GradeHomework extends Command<boolean> {
  constructor(
    readonly actor: Actor,
    readonly homeworkId: number,
    readonly grade: unknown,
    readonly feedback: string,
  ) {
    super();
  }
}

@CommandHandler(GradeHomework)
export class GradeHomeworkHandler implements ICommandHandler<GradeHomework> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, homeworkId, grade, feedback }: GradeHomework): Promise<boolean> {
    if (actor.role !== 'teacher' && actor.role !== 'admin') throw new ForbiddenError('Seul le formateur qui a donné le devoir peut le noter.');
    return this.store.transaction(async (uow) => {
      const homework = await uow.load(Homework, { id: homeworkId }, () => new HomeworkNotFoundError(), {
        populate: ['submissions'],
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      return homework.gradeWork({ id: actor.profileId, role: actor.role as 'teacher' | 'admin' }, grade, feedback, this.clock.now());
    });
  }
}
