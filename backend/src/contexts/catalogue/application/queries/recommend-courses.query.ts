import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { RecommendCourses, type CourseSummary } from '../../contracts/catalogue.queries.js';
import { likePattern, searchText } from '../../domain/search-text.js';
import { toSummaries, type CourseRow } from './course-summaries.js';
import { SUMMARY_FROM, SUMMARY_SELECT } from './course.sql.js';

@QueryHandler(RecommendCourses)
export class RecommendCoursesHandler implements IQueryHandler<RecommendCourses> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ interests, enrolledCourseIds, limit }: RecommendCourses): Promise<CourseSummary[]> {
    const patterns = interests.map((i) => searchText(i)).filter(Boolean).map(likePattern);
    const rows = await this.db.query<CourseRow>(
      `${SUMMARY_SELECT}, 0 as total_count ${SUMMARY_FROM}
        where not (c.id = any($2::int[])) and c.archived_at is null and c.teacher_id is not null and c.status = 'published'
          and (c.search_text like any($1::text[])
               or replace(cat.slug, '-', ' ') like any($1::text[])
               or c.teacher_id in (select teacher_id from catalogue.course where id = any($2::int[])))
        order by (case when s.rating_count > 0 then s.rating_sum::numeric / s.rating_count end) desc nulls last,
                 coalesce(s.total_enrolled_students, 0) desc, c.id desc
        limit $3`,
      [patterns, [...enrolledCourseIds], limit],
    );
    return toSummaries(this.queries, rows);
  }
}
