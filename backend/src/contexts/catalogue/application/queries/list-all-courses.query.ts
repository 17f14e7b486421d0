import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { CourseTitleView } from '../../contracts/catalogue.queries.js';

/** Every course (id, title) for the back office's lists. */
export class ListAllCourses extends Query<CourseTitleView[]> {}

@QueryHandler(ListAllCourses)
export class ListAllCoursesHandler implements IQueryHandler<ListAllCourses> {
  constructor(private readonly db: Database) {}

  execute(): Promise<CourseTitleView[]> {
    return this.db.query('select id, title from catalogue.course where archived_at is null order by title');
  }
}
