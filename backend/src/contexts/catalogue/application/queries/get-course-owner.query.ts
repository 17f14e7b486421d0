import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetCourseOwner, type CourseOwnerView } from '../../contracts/catalogue.queries.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';

@QueryHandler(GetCourseOwner)
export class GetCourseOwnerHandler implements IQueryHandler<GetCourseOwner> {
  constructor(private readonly db: Database) {}

  async execute({ courseId }: GetCourseOwner): Promise<CourseOwnerView> {
    const row = await this.db.one<CourseOwnerView>(
      'select id, title, teacher_id, archived_at is not null as archived from catalogue.course where id = $1',
      [courseId],
    );
    if (!row) throw new CourseNotFoundError();
    return row;
  }
}
