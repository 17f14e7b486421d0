import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { courseIdOfStep, loadCourseForChange } from './load-course.js';

/** The whole new order of a chapter's sub-chapters, in one change. */
export class ReorderSubchapters extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly chapterId: number,
    readonly subchapterIds: number[],
  ) {
    super();
  }
}

@CommandHandler(ReorderSubchapters)
export class ReorderSubchaptersHandler implements ICommandHandler<ReorderSubchapters> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, chapterId, subchapterIds }: ReorderSubchapters): Promise<void> {
    await this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, await courseIdOfStep(uow, 'chapter', chapterId));
      course.reorderSubchapters(chapterId, subchapterIds);
    });
  }
}
