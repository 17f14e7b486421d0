import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountCourseLearners } from '../../../catalogue/contracts/catalogue.queries.js';

/** Enrolment answers the catalogue's question: the students enrolled in a course (before a removal). */
@QueryHandler(CountCourseLearners)
export class CountCourseLearnersHandler implements IQueryHandler<CountCourseLearners> {
  constructor(private readonly db: Database) {}

  async execute({ courseId }: CountCourseLearners): Promise<number> {
    const row = await this.db.one<{ n: number }>(
      'select count(*)::int as n from enrolment.student_course where course_id = $1 and enrolled_at is not null',
      [courseId],
    );
    return row?.n ?? 0;
  }
}
