import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { iso } from './tutoring.sql.js';
import type { TutorLink } from './tutoring.views.js';

/** The admin's reading of GET /student-assignment/{teacher}/{student}: the active link, in a list (empty: none). */
export class ListTutorLinks extends Query<TutorLink[]> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(ListTutorLinks)
export class ListTutorLinksHandler implements IQueryHandler<ListTutorLinks> {
  constructor(private readonly db: Database) {}

  execute({ actor, teacherId, studentId }: ListTutorLinks): Promise<TutorLink[]> {
    assertAdmin(actor);
    return this.db.query<TutorLink>(
      `select id, teacher_id as formateur, student_id as student, origin, ${iso('assigned_at')} as assigned_at
         from tutoring.tutorship where teacher_id = $1 and student_id = $2 and active`,
      [teacherId, studentId],
    );
  }
}
