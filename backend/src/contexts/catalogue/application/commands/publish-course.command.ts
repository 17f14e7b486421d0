import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertImage } from '../../../../platform/storage/media-storage.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { GetTeacherProfile } from '../../../identity/contracts/identity.queries.js';
import { CategoryNotFoundError } from '../../domain/catalogue.errors.js';
import { Category } from '../../domain/category.aggregate.js';
import { Course } from '../../domain/course.aggregate.js';
import type { ContentInput } from '../../domain/step-input.js';

export interface ChapterDraft extends ContentInput {
  subchapters?: ContentInput[];
}

/**
 * Creates a published course with a text-and-link structure in one transaction: the demo data and
 * tests (Course.createPublished, docs/adr/0030; a trainer's course starts as a draft instead).
 * The same aggregate rules apply as for a trainer's forms; steps with files go through the
 * authoring commands (AddChapter, AddSubchapter) exactly as an upload does.
 */
export class PublishCourse extends Command<number> {
  constructor(
    readonly course: { title: string; description: string; categoryId: number; teacherId: number | null; techs: string; featuredImg?: Buffer },
    readonly chapters: ChapterDraft[] = [],
  ) {
    super();
  }
}

@CommandHandler(PublishCourse)
export class PublishCourseHandler implements ICommandHandler<PublishCourse> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ course: draft, chapters }: PublishCourse): Promise<number> {
    if (draft.teacherId !== null) await this.queries.execute(new GetTeacherProfile('system', draft.teacherId));
    if (draft.featuredImg) assertImage(draft.featuredImg, 'featured_img');
    const image = draft.featuredImg;
    const staged = await this.store.stage(async (read) => (image ? read.uploads.putImage('courses', image, 'featured_img') : null));
    return this.store.transaction(async (uow) => {
      if (!(await uow.em.findOne(Category, { id: draft.categoryId }))) throw new CategoryNotFoundError();
      const course = uow.add(Course.createPublished({ ...draft, featuredImg: uow.uploads.keep(staged), now: this.clock.now() }));
      for (const draftChapter of chapters) {
        const chapter = course.addChapter(draftChapter);
        for (const draftSub of draftChapter.subchapters ?? []) course.addSubchapter(chapter, draftSub);
      }
      return () => course.id;
    }, { staged });
  }
}
