import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetCourseSummaries, type CourseSummary } from '../../contracts/catalogue.queries.js';
import { toSummaries, type CourseRow } from './course-summaries.js';
import { SUMMARY_FROM, SUMMARY_SELECT } from './course.sql.js';

@QueryHandler(GetCourseSummaries)
export class GetCourseSummariesHandler implements IQueryHandler<GetCourseSummaries> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ courseIds }: GetCourseSummaries): Promise<CourseSummary[]> {
    if (courseIds.length === 0) return [];
    const rows = await this.db.query<CourseRow>(
      `${SUMMARY_SELECT}, 0 as total_count ${SUMMARY_FROM}
        join unnest($1::int[]) with ordinality as wanted(id, rank) on wanted.id = c.id
       where c.archived_at is null
       order by wanted.rank`,
      [courseIds],
    );
    return toSummaries(this.queries, rows);
  }
}
