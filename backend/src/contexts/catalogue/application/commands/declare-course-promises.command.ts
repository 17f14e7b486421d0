import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import type { PromiseChanges, StepDeclaration } from '../../domain/course-promises.js';
import { loadCourseForChange } from './load-course.js';

/** Declares a course's promises and its steps' average durations in one change (the demo data; docs/adr/0011). */
export class DeclareCoursePromises extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly promises: PromiseChanges,
    readonly steps: readonly StepDeclaration[] = [],
  ) {
    super();
  }
}

@CommandHandler(DeclareCoursePromises)
export class DeclareCoursePromisesHandler implements ICommandHandler<DeclareCoursePromises> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId, promises, steps }: DeclareCoursePromises): Promise<void> {
    await this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, courseId);
      course.declarePromises(actor, promises, steps, this.clock.now());
    });
  }
}
