import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetCourseTitle, type CourseTitleView } from '../../contracts/catalogue.queries.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';

@QueryHandler(GetCourseTitle)
export class GetCourseTitleHandler implements IQueryHandler<GetCourseTitle> {
  constructor(private readonly db: Database) {}

  async execute({ courseId, published }: GetCourseTitle): Promise<CourseTitleView> {
    const row = await this.db.one<CourseTitleView>(
      `select id, title from catalogue.course where id = $1 and archived_at is null ${published ? `and status = 'published'` : ''}`,
      [courseId],
    );
    if (!row) throw new CourseNotFoundError();
    return row;
  }
}
