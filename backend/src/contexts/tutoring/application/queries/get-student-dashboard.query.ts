import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { CountEnrolledCourses } from '../../../enrolment/contracts/enrolment.queries.js';
import { GetStudentProfile } from '../../../identity/contracts/identity.queries.js';
import type { StudentDashboardView } from './tutoring.views.js';

/** The student dashboard's counters: courses (enrolment's), homework done and pending (the homework-count projection). */
export class GetStudentDashboard extends Query<StudentDashboardView> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(GetStudentDashboard)
export class GetStudentDashboardHandler implements IQueryHandler<GetStudentDashboard> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId }: GetStudentDashboard): Promise<StudentDashboardView> {
    assertSelfOrAdmin(actor, 'student', studentId);
    const [profile, courses, homework] = await Promise.all([
      this.queries.execute(new GetStudentProfile('system', studentId)),
      this.queries.execute(new CountEnrolledCourses(studentId)),
      this.db.one<{ complete: number; pending: number }>('select complete, pending from tutoring.homework_count where student_id = $1', [studentId]),
    ]);
    return { is_active: profile.is_active, enrolled_courses: courses, complete_assignments: homework?.complete ?? 0, pending_assignments: homework?.pending ?? 0 };
  }
}
