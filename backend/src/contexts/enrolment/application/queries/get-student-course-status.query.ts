import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelf, assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { GetCourseTitle } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetStudentProfile } from '../../../identity/contracts/identity.queries.js';
import { matchesFormation } from '../../domain/student-course.aggregate.js';

export type StatusKind = 'enrolled' | 'rated' | 'favourite';

/** Whether a student is enrolled in, has rated, or has favourited a course (favourites are the student's own). */
export class GetStudentCourseStatus extends Query<boolean> {
  constructor(
    readonly actor: Actor,
    readonly kind: StatusKind,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

const COLUMN: Record<StatusKind, string> = { enrolled: 'enrolled_at', rated: 'rated_at', favourite: 'favourited_at' };

@QueryHandler(GetStudentCourseStatus)
export class GetStudentCourseStatusHandler implements IQueryHandler<GetStudentCourseStatus> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, kind, studentId, courseId }: GetStudentCourseStatus): Promise<boolean> {
    if (kind === 'favourite') assertSelf(actor, 'student', studentId);
    else assertSelfOrAdmin(actor, 'student', studentId);
    const row = await this.db.one<{ yes: boolean }>(
      `select ${COLUMN[kind]} is not null as yes from enrolment.student_course where student_id = $1 and course_id = $2`,
      [studentId, courseId],
    );
    if (row?.yes || kind !== 'enrolled') return row?.yes ?? false;
    const [student, course] = await Promise.all([
      this.queries.execute(new GetStudentProfile(actor, studentId)),
      this.queries.execute(new GetCourseTitle(courseId)),
    ]);
    return matchesFormation(student.formation_title, course.title);
  }
}
