import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { ContentInput } from '../../domain/step-input.js';
import { loadCourseForChange } from './load-course.js';
import { checkQuizStep, stageStepFiles, type StepFiles } from './step-media.js';

export type StepInput = Omit<ContentInput, 'video' | 'scorm'>;

/** Adds a chapter, last, to a course its author edits; its video or SCORM package is stored with it. */
export class AddChapter extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
    readonly input: StepInput,
    readonly files: StepFiles = {},
  ) {
    super();
  }
}

@CommandHandler(AddChapter)
export class AddChapterHandler implements ICommandHandler<AddChapter> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, courseId, input, files }: AddChapter): Promise<number> {
    const staged = await stageStepFiles(this.store, actor, { courseId }, input.contentType, files);
    return this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, courseId);
      await checkQuizStep(this.queries, input, course.teacherId);
      const chapter = course.addChapter({ ...input, ...uow.uploads.keep(staged) });
      return () => chapter.id;
    }, { staged });
  }
}
