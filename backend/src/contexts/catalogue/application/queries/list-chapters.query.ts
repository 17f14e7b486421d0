import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';
import { authoredCourse, authoredStep } from './authored-course.js';
import { CanReadCourseContent } from './can-read-course-content.query.js';
import { chaptersSql, chapterView, type ChapterRow } from './authoring.sql.js';
import type { ChapterView } from './authoring.views.js';

/**
 * A course's live chapters in order, with their content and sub-chapters: its trainer and admins
 * (authoring, the preview), and the students who follow it (the course player, which shows the
 * content the media gate already lets them load).
 */
export class ListChapters extends Query<ChapterView[]> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

/** One live chapter with its content and sub-chapters (and its course, which the spec's redirect reads). */
export class GetChapter extends Query<ChapterView> {
  constructor(
    readonly actor: Actor,
    readonly chapterId: number,
  ) {
    super();
  }
}

export const NOT_A_LEARNER = 'Ce cours est réservé à ses étudiants inscrits.';

@QueryHandler(ListChapters)
export class ListChaptersHandler implements IQueryHandler<ListChapters> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, courseId }: ListChapters): Promise<ChapterView[]> {
    if (actor.role === 'student') {
      if (!(await this.db.one('select 1 from catalogue.course where id = $1 and archived_at is null', [courseId]))) throw new CourseNotFoundError();
      if (!(await this.queries.execute(new CanReadCourseContent(actor, courseId)))) throw new ForbiddenError(NOT_A_LEARNER);
    } else {
      await authoredCourse(this.db, actor, courseId);
    }
    const rows = await this.db.query<ChapterRow>(chaptersSql('ch.course_id = $1'), [courseId]);
    return rows.map(chapterView);
  }
}

@QueryHandler(GetChapter)
export class GetChapterHandler implements IQueryHandler<GetChapter> {
  constructor(private readonly db: Database) {}

  async execute({ actor, chapterId }: GetChapter): Promise<ChapterView> {
    await authoredStep(this.db, actor, 'chapter', chapterId);
    const [row] = await this.db.query<ChapterRow>(chaptersSql('ch.id = $1'), [chapterId]);
    return chapterView(row!);
  }
}
