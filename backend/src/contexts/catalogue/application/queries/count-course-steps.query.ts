import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountCourseSteps } from '../../contracts/catalogue.queries.js';

@QueryHandler(CountCourseSteps)
export class CountCourseStepsHandler implements IQueryHandler<CountCourseSteps> {
  constructor(private readonly db: Database) {}

  async execute({ courseIds }: CountCourseSteps): Promise<Map<number, number>> {
    if (courseIds.length === 0) return new Map();
    const rows = await this.db.query<{ course_id: number; steps: number }>(
      `select c.course_id, (count(*) + coalesce(sum((select count(*) from catalogue.subchapter s where s.chapter_id = c.id and s.archived_at is null)), 0))::int as steps
         from catalogue.chapter c where c.course_id = any($1::int[]) and c.archived_at is null group by c.course_id`,
      [[...new Set(courseIds)]],
    );
    return new Map(rows.map((row) => [row.course_id, row.steps]));
  }
}
