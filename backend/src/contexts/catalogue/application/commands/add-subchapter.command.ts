import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { StepInput } from './add-chapter.command.js';
import { courseIdOfStep, loadCourseForChange } from './load-course.js';
import { checkQuizStep, stageStepFiles, type StepFiles } from './step-media.js';

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

  async execute({ actor, chapterId, input, files }: AddSubchapter): Promise<number> {
    const staged = await stageStepFiles(this.store, actor, { kind: 'chapter', id: chapterId }, input.contentType, { video: files.video });
    return this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, await courseIdOfStep(uow, 'chapter', chapterId));
      await checkQuizStep(this.queries, input, course.teacherId);
      const sub = course.addSubchapter(chapterId, { ...input, ...uow.uploads.keep(staged) });
      return () => sub.id;
    }, { staged });
  }
}
