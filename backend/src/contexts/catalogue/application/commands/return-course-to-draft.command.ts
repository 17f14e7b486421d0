import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { loadCourseForChange } from './load-course.js';

/** « Repasser en brouillon » (docs/adr/0030): out of the catalogue; enrolled learners keep it. */
export class ReturnCourseToDraft extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

@CommandHandler(ReturnCourseToDraft)
export class ReturnCourseToDraftHandler implements ICommandHandler<ReturnCourseToDraft> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId }: ReturnCourseToDraft): Promise<void> {
    await this.store.transaction(async (uow) => (await loadCourseForChange(uow, actor, courseId)).unpublish(actor, this.clock.now()));
  }
}
