import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetCoursePromises, type CoursePromisesView, type CoursePromiseStep } from '../../contracts/catalogue.queries.js';
import { COURSE_STEP } from '../../contracts/catalogue.read-models.js';

/** The contract of issue 26 item 3: what a course promises, its live steps in reading order. */
@QueryHandler(GetCoursePromises)
export class GetCoursePromisesHandler implements IQueryHandler<GetCoursePromises> {
  constructor(private readonly db: Database) {}

  async execute({ courseId }: GetCoursePromises): Promise<CoursePromisesView | null> {
    const course = await this.db.one<Omit<CoursePromisesView, 'steps'>>(
      `select id as course_id, objectives, planned_minutes, nature from catalogue.course where id = $1`,
      [courseId],
    );
    if (!course) return null;
    const steps = await this.db.query<CoursePromiseStep>(
      `select kind, step_id, declared_minutes from ${COURSE_STEP} where course_id = $1
        order by chapter_position, chapter_id, position, step_id`,
      [courseId],
    );
    return { ...course, steps };
  }
}
