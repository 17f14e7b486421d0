import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetCourseOwner, IsFollowingCourse } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetStudentProfile } from '../../../identity/contracts/identity.queries.js';
import { matchesFormation } from '../../domain/student-course.aggregate.js';

/**
 * Enrolment answers the catalogue's question before it serves course content to a student:
 * enrolled, or following it as their formation (the spec's enrolment status rule).
 */
@QueryHandler(IsFollowingCourse)
export class IsFollowingCourseHandler implements IQueryHandler<IsFollowingCourse> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ studentId, courseId }: IsFollowingCourse): Promise<boolean> {
    const row = await this.db.one<{ yes: boolean }>(
      'select enrolled_at is not null as yes from enrolment.student_course where student_id = $1 and course_id = $2',
      [studentId, courseId],
    );
    if (row?.yes) return true;
    const [student, course] = await Promise.all([
      this.queries.execute(new GetStudentProfile('system', studentId)),
      this.queries.execute(new GetCourseOwner(courseId)),
    ]);
    return !course.archived && matchesFormation(student.formation_title, course.title);
  }
}
