import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';

export class StudentDashboardView {
  @ApiProperty() is_active!: boolean;
  @ApiProperty() enrolled_courses!: number;
  @ApiProperty() courses_completed!: number;
  @ApiProperty() complete_assignments!: number;
  @ApiProperty() pending_assignments!: number;
}

/** The student dashboard's counters, from the student-dashboard projection (one SELECT). */
export class GetStudentDashboard extends Query<StudentDashboardView> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

export const STUDENT_DASHBOARD_SQL =
  'select is_active, enrolled_courses, courses_completed, complete_assignments, pending_assignments from progress.student_dashboard where student_id = $1';

@QueryHandler(GetStudentDashboard)
export class GetStudentDashboardHandler implements IQueryHandler<GetStudentDashboard> {
  constructor(private readonly db: Database) {}

  async execute({ actor, studentId }: GetStudentDashboard): Promise<StudentDashboardView> {
    assertSelfOrAdmin(actor, 'student', studentId);
    // A student registered a moment ago may not have their row yet: nothing to count.
    return (await this.db.one<StudentDashboardView>(STUDENT_DASHBOARD_SQL, [studentId])) ?? {
      is_active: true, enrolled_courses: 0, courses_completed: 0, complete_assignments: 0, pending_assignments: 0,
    };
  }
}
