import { MikroORM } from '@mikro-orm/postgresql';
import { CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { EventLog, type NewEvent } from '../../../../platform/event-log/index.js';
import { assertImage, MediaStorage } from '../../../../platform/storage/media-storage.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { GetTeacherProfile } from '../../../identity/index.js';
import { COURSE_STREAM, type ChapterAdded, type CoursePublished, type SubchapterAdded } from '../../contracts/catalogue.events.js';
import { CategoryNotFoundError } from '../../domain/catalogue.errors.js';
import { Category } from '../../domain/category.entity.js';
import { Course, type ContentFields } from '../../domain/course.entity.js';

export interface ChapterDraft extends ContentFields {
  subchapters?: ContentFields[];
}

/** Publishes a course with its structure in one transaction (authoring screens arrive later; demo data uses it). */
export class PublishCourse {
  constructor(
    readonly course: { title: string; description: string; categoryId: number; teacherId: number; techs: string; featuredImg?: Buffer },
    readonly chapters: ChapterDraft[] = [],
  ) {}
}

@CommandHandler(PublishCourse)
export class PublishCourseHandler implements ICommandHandler<PublishCourse, number> {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventLog,
    private readonly storage: MediaStorage,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ course: draft, chapters }: PublishCourse): Promise<number> {
    await this.queries.execute(new GetTeacherProfile(draft.teacherId, true));
    const imageType = draft.featuredImg ? assertImage(draft.featuredImg, 'featured_img') : null;
    const featuredImg = draft.featuredImg && imageType ? await this.storage.put('courses', imageType, draft.featuredImg) : null;
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        if (!(await em.findOne(Category, { id: draft.categoryId }))) throw new CategoryNotFoundError();
        const course = new Course({ ...draft, featuredImg, now: this.clock.now() });
        await em.persist(course).flush();
        const events: NewEvent[] = [
          { type: 'CoursePublished', payload: { courseId: course.id, title: course.title, categoryId: course.categoryId, teacherId: course.teacherId } } satisfies CoursePublished,
        ];
        for (const draftChapter of chapters) {
          const chapter = course.addChapter(draftChapter);
          await em.flush();
          events.push({
            type: 'ChapterAdded',
            payload: { courseId: course.id, chapterId: chapter.id, title: chapter.title, order: chapter.order, contentType: chapter.contentType, duration: chapter.duration },
          } satisfies ChapterAdded);
          for (const draftSub of draftChapter.subchapters ?? []) {
            const sub = course.addSubchapter(chapter.id, draftSub);
            await em.flush();
            events.push({
              type: 'SubchapterAdded',
              payload: {
                courseId: course.id, chapterId: chapter.id, subchapterId: sub.id, title: sub.title, order: sub.order, contentType: sub.contentType, duration: sub.duration,
              },
            } satisfies SubchapterAdded);
          }
        }
        await this.events.append(em, { streamType: COURSE_STREAM, streamId: course.id, expectedVersion: 0, events });
        return course.id;
      });
    } catch (error) {
      // Nothing was published: the image stored for it belongs to nothing.
      if (featuredImg) await this.storage.remove(featuredImg);
      throw error;
    }
  }
}
