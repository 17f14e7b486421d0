import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { CountCourseLearners } from '../../contracts/catalogue.queries.js';
import { courseIdOfStep, loadCourseForChange } from './load-course.js';

export type StepKind = 'chapter' | 'subchapter';

/** Removes a chapter or sub-chapter: archived when the course has learners, deleted otherwise; the others close up. */
export class RemoveStep extends Command<{ archived: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly kind: StepKind,
    readonly id: number,
  ) {
    super();
  }
}

@CommandHandler(RemoveStep)
export class RemoveStepHandler implements ICommandHandler<RemoveStep> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  execute({ actor, kind, id }: RemoveStep): Promise<{ archived: boolean }> {
    return this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, await courseIdOfStep(uow, kind, id));
      const learners = await this.queries.execute(new CountCourseLearners(course.id));
      if (kind === 'chapter') {
        const { mode, files } = course.removeChapter(id, learners, this.clock.now());
        files.forEach((file) => uow.uploads.supersede(file));
        return { archived: mode === 'archive' };
      }
      const { mode, files, deleted } = course.removeSubchapter(id, learners, this.clock.now());
      if (deleted) uow.em.remove(deleted);
      files.forEach((file) => uow.uploads.supersede(file));
      return { archived: mode === 'archive' };
    });
  }
}
