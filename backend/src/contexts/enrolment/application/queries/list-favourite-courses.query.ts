import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelf } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { GetCourseSummaries, type CourseSummary } from '../../../catalogue/contracts/catalogue.queries.js';

/** A student's favourite courses, the latest first (their own only). */
export class ListFavouriteCourses extends Query<CourseSummary[]> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(ListFavouriteCourses)
export class ListFavouriteCoursesHandler implements IQueryHandler<ListFavouriteCourses> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId }: ListFavouriteCourses): Promise<CourseSummary[]> {
    assertSelf(actor, 'student', studentId);
    const rows = await this.db.query<{ course_id: number }>(
      'select course_id from enrolment.student_course where student_id = $1 and favourited_at is not null order by favourited_at desc',
      [studentId],
    );
    return this.queries.execute(new GetCourseSummaries(rows.map((r) => r.course_id)));
  }
}
