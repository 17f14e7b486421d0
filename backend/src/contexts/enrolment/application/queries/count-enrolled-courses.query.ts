import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountEnrolledCourses } from '../../contracts/enrolment.queries.js';

@QueryHandler(CountEnrolledCourses)
export class CountEnrolledCoursesHandler implements IQueryHandler<CountEnrolledCourses> {
  constructor(private readonly db: Database) {}

  async execute({ studentId }: CountEnrolledCourses): Promise<number> {
    const row = await this.db.one<{ n: number }>(
      'select count(*)::int as n from enrolment.student_course where student_id = $1 and enrolled_at is not null',
      [studentId],
    );
    return row?.n ?? 0;
  }
}
