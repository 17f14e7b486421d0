import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { IsFollowingCourse } from '../../contracts/catalogue.queries.js';
import { isAuthor } from '../../domain/authorship.js';

/**
 * Whether the actor may read a course's content (videos, SCORM files, text, documents): admins,
 * its trainer, and the students who follow it (asked to enrolment). False for an unknown course.
 */
export class CanReadCourseContent extends Query<boolean> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(CanReadCourseContent)
export class CanReadCourseContentHandler implements IQueryHandler<CanReadCourseContent> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, courseId }: CanReadCourseContent): Promise<boolean> {
    const course = await this.db.one<{ teacher_id: number | null }>('select teacher_id from catalogue.course where id = $1', [courseId]);
    if (!course) return false;
    if (isAuthor(actor, course.teacher_id)) return true;
    return actor.role === 'student' && this.queries.execute(new IsFollowingCourse(actor.profileId, courseId));
  }
}
