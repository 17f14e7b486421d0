import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { StepInput } from './add-chapter.command.js';
import { courseIdOfStep, loadCourseForChange } from './load-course.js';
import { checkQuizStep, stageStepFiles, type StepFiles } from './step-media.js';

/** Edits a chapter; a new file replaces the old one, removed once the change is saved. */
export class UpdateChapter extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly chapterId: number,
    readonly input: StepInput,
    readonly files: StepFiles = {},
  ) {
    super();
  }
}

@CommandHandler(UpdateChapter)
export class UpdateChapterHandler implements ICommandHandler<UpdateChapter> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, chapterId, input, files }: UpdateChapter): Promise<void> {
    const staged = await stageStepFiles(this.store, actor, { kind: 'chapter', id: chapterId }, input.contentType, files);
    await this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, await courseIdOfStep(uow, 'chapter', chapterId));
      await checkQuizStep(this.queries, input, course.teacherId);
      course.updateChapter(chapterId, { ...input, ...uow.uploads.keep(staged) }).forEach((file) => uow.uploads.supersede(file));
    }, { staged });
  }
}
