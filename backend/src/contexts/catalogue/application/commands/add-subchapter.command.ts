import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { StepInput } from './add-chapter.command.js';
import { courseIdOfStep, loadCourseForChange } from './load-course.js';
import { checkQuizStep, stageStepMedia, type StepFiles } from './step-media.js';

/** Adds a sub-chapter, last, under a chapter of a course its author edits. */
export class AddSubchapter extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly chapterId: number,
    readonly input: StepInput,
    readonly files: StepFiles = {},
  ) {
    super();
  }
}

@CommandHandler(AddSubchapter)
export class AddSubchapterHandler implements ICommandHandler<AddSubchapter> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
  ) {}

  execute({ actor, chapterId, input, files }: AddSubchapter): Promise<number> {
    return this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, await courseIdOfStep(uow, 'chapter', chapterId));
      await checkQuizStep(this.queries, input, course.teacherId);
      const media = await stageStepMedia(uow.uploads, course.id, input.contentType, { video: files.video });
      const sub = course.addSubchapter(chapterId, { ...input, ...media });
      return () => sub.id;
    });
  }
}
