import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { GetTeacherContacts } from '../../../identity/contracts/identity.queries.js';
import { iso, unreadOf } from './tutoring.sql.js';
import type { MyTeacher } from './tutoring.views.js';

/** The trainers who follow the student, with their messages not yet read: the student's own, or any student's for an admin. */
export class ListMyTeachers extends Query<MyTeacher[]> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(ListMyTeachers)
export class ListMyTeachersHandler implements IQueryHandler<ListMyTeachers> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId }: ListMyTeachers): Promise<MyTeacher[]> {
    assertSelfOrAdmin(actor, 'student', studentId);
    const rows = await this.db.query<{ teacher_id: number; since: string; unread: number | null }>(
      `select t.teacher_id, ${iso('t.assigned_at')} as since, ${unreadOf('student')} as unread
         from tutoring.tutorship t
         left join tutoring.conversation c on c.teacher_id = t.teacher_id and c.student_id = t.student_id
        where t.student_id = $1 and t.active
        order by t.assigned_at, t.teacher_id`,
      [studentId],
    );
    const contacts = await this.queries.execute(new GetTeacherContacts(rows.map((r) => r.teacher_id)));
    return rows.flatMap((row) => {
      const contact = contacts.get(row.teacher_id);
      return contact ? [{ ...contact, unread: row.unread ?? 0, since: row.since }] : [];
    });
  }
}
