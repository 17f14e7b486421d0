import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { CourseTitleView } from '../../contracts/catalogue.queries.js';

/** What the public trainer page shows of their teaching (published courses), the latest first. */
export class GetTeacherCourses extends Query<CourseTitleView[]> {
  constructor(readonly teacherId: number) {
    super();
  }
}

@QueryHandler(GetTeacherCourses)
export class GetTeacherCoursesHandler implements IQueryHandler<GetTeacherCourses> {
  constructor(private readonly db: Database) {}

  execute({ teacherId }: GetTeacherCourses): Promise<CourseTitleView[]> {
    return this.db.query(`select id, title from catalogue.course where teacher_id = $1 and archived_at is null and status = 'published' order by id desc`, [teacherId]);
  }
}
