import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { PageRequest } from '../../../../platform/http/paging.js';
import type { CourseSummary } from '../../contracts/catalogue.queries.js';
import { toSummaries, type CourseRow } from './course-summaries.js';
import { courseCountQuery, courseListQuery, type CourseFilter } from './course.sql.js';

/** Paged course lists: by category, trainer and skill, or a search (accent-insensitive, title matches first). */
export class ListCourses extends Query<{ results: CourseSummary[]; count: number }> {
  constructor(
    readonly filter: CourseFilter,
    readonly page: PageRequest,
  ) {
    super();
  }
}

@QueryHandler(ListCourses)
export class ListCoursesHandler implements IQueryHandler<ListCourses> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ filter, page }: ListCourses): Promise<{ results: CourseSummary[]; count: number }> {
    const list = courseListQuery(filter, page);
    const rows = await this.db.query<CourseRow>(list.text, list.values);
    let count = rows[0]?.total_count ?? 0;
    if (rows.length === 0 && page.page > 1) {
      const counting = courseCountQuery(filter);
      count = (await this.db.one<{ n: number }>(counting.text, counting.values))?.n ?? 0;
    }
    return { results: await toSummaries(this.queries, rows), count };
  }
}
