import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { loadCourseForChange } from './load-course.js';

/** The whole new order of a course's chapters, in one change (the product's own screens use it). */
export class ReorderChapters extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly chapterIds: number[],
  ) {
    super();
  }
}

@CommandHandler(ReorderChapters)
export class ReorderChaptersHandler implements ICommandHandler<ReorderChapters> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, courseId, chapterIds }: ReorderChapters): Promise<void> {
    await this.store.transaction(async (uow) => {
      (await loadCourseForChange(uow, actor, courseId)).reorderChapters(chapterIds);
    });
  }
}
