import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { RecommendCourses, type CourseSummary } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetStudentProfile } from '../../../identity/contracts/identity.queries.js';

/** Courses to suggest to a student: their interests, outside what they already follow. */
export class RecommendForStudent extends Query<CourseSummary[]> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(RecommendForStudent)
export class RecommendForStudentHandler implements IQueryHandler<RecommendForStudent> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId }: RecommendForStudent): Promise<CourseSummary[]> {
    assertSelfOrAdmin(actor, 'student', studentId);
    const [student, enrolled] = await Promise.all([
      this.queries.execute(new GetStudentProfile(actor, studentId)),
      this.db.query<{ course_id: number }>('select course_id from enrolment.student_course where student_id = $1 and enrolled_at is not null', [studentId]),
    ]);
    const interests = student.interseted_categories.split(',').map((s) => s.trim()).filter((s) => s.length >= 2);
    return this.queries.execute(new RecommendCourses(interests, enrolled.map((r) => r.course_id)));
  }
}
