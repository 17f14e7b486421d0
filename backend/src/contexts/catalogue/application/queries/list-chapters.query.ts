import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { authoredCourse, authoredStep } from './authored-course.js';
import { chaptersSql, chapterView, type ChapterRow } from './authoring.sql.js';
import type { ChapterView } from './authoring.views.js';

/** A course's live chapters in order, with their content and sub-chapters: its trainer and admins. */
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

@QueryHandler(ListChapters)
export class ListChaptersHandler implements IQueryHandler<ListChapters> {
  constructor(private readonly db: Database) {}

  async execute({ actor, courseId }: ListChapters): Promise<ChapterView[]> {
    await authoredCourse(this.db, actor, courseId);
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
