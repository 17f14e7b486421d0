import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { STUDENT_RECORD } from '../../../identity/contracts/identity.read-models.js';
import type { TrainerDashboardView } from './authoring.views.js';

/**
 * The trainer dashboard's three figures, from the course-outline and trainer-student projections;
 * a closed student's account leaves the count (identity's published record, ADR 0015, issue 22).
 */
export class GetTrainerDashboard extends Query<TrainerDashboardView> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
  ) {
    super();
  }
}

export const TRAINER_DASHBOARD_SQL = `
  select count(*)::int as total_formateur_course,
         coalesce(sum(o.chapters), 0)::int as total_formateur_chapters,
         (select count(*) from catalogue.trainer_student s join ${STUDENT_RECORD} r on r.id = s.student_id
           where s.teacher_id = $1 and r.closed_at is null)::int as total_formateur_students
    from catalogue.course_outline o
   where o.teacher_id = $1 and not o.archived`;

@QueryHandler(GetTrainerDashboard)
export class GetTrainerDashboardHandler implements IQueryHandler<GetTrainerDashboard> {
  constructor(private readonly db: Database) {}

  async execute({ actor, teacherId }: GetTrainerDashboard): Promise<TrainerDashboardView> {
    assertSelfOrAdmin(actor, 'teacher', teacherId);
    const row = await this.db.one<TrainerDashboardView>(TRAINER_DASHBOARD_SQL, [teacherId]);
    return row!;
  }
}
