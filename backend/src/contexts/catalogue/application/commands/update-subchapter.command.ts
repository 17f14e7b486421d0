import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { StepInput } from './add-chapter.command.js';
import { courseIdOfStep, loadCourseForChange } from './load-course.js';
import { checkQuizStep, stageStepFiles, type StepFiles } from './step-media.js';

/** Edits a sub-chapter, and moves it under another chapter of its course when one is named. */
export class UpdateSubchapter extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly subchapterId: number,
    readonly input: StepInput,
    readonly chapterId?: number,
    readonly files: StepFiles = {},
  ) {
    super();
  }
}

@CommandHandler(UpdateSubchapter)
export class UpdateSubchapterHandler implements ICommandHandler<UpdateSubchapter> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, subchapterId, input, chapterId, files }: UpdateSubchapter): Promise<void> {
    const staged = await stageStepFiles(this.store, actor, { kind: 'subchapter', id: subchapterId }, input.contentType, { video: files.video });
    await this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, await courseIdOfStep(uow, 'subchapter', subchapterId));
      await checkQuizStep(this.queries, input, course.teacherId);
      course.updateSubchapter(subchapterId, { ...input, ...uow.uploads.keep(staged) }, chapterId).forEach((file) => uow.uploads.supersede(file));
    }, { staged });
  }
}
