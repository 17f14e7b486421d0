import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { GetStudentSummaries } from '../../../identity/contracts/identity.queries.js';
import { iso, unreadOf } from './tutoring.sql.js';
import type { FollowedStudent } from './tutoring.views.js';

/** The students a trainer follows ("Mes étudiants"), with unread messages and pending homework: the trainer's own, or an admin's reading. */
export class ListFollowedStudents extends Query<FollowedStudent[]> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
  ) {
    super();
  }
}

/** prenom / nom from a full name: the first word, then the rest. */
export function splitName(fullname: string): { prenom: string; nom: string } {
  const [prenom = '', ...rest] = fullname.trim().split(/\s+/);
  return { prenom, nom: rest.join(' ') };
}

@QueryHandler(ListFollowedStudents)
export class ListFollowedStudentsHandler implements IQueryHandler<ListFollowedStudents> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, teacherId }: ListFollowedStudents): Promise<FollowedStudent[]> {
    assertSelfOrAdmin(actor, 'teacher', teacherId);
    const rows = await this.db.query<{ student_id: number; since: string; unread: number | null; pending: number }>(
      `select t.student_id, ${iso('t.assigned_at')} as since, ${unreadOf('teacher')} as unread,
              (select count(*) from tutoring.homework h where h.teacher_id = t.teacher_id and h.student_id = t.student_id and not h.student_status)::int as pending
         from tutoring.tutorship t
         left join tutoring.conversation c on c.teacher_id = t.teacher_id and c.student_id = t.student_id
        where t.teacher_id = $1 and t.active`,
      [teacherId],
    );
    const students = await this.queries.execute(new GetStudentSummaries(rows.map((r) => r.student_id)));
    return rows
      .flatMap((row) => {
        const s = students.get(row.student_id);
        if (!s) return [];
        return [{
          id: s.id, fullname: s.fullname, ...splitName(s.fullname), email: s.email, username: s.username, telephone: null, profile_img: s.profile_img,
          unread: row.unread ?? 0, pending_assignments: row.pending, since: row.since,
        }];
      })
      .sort((a, b) => a.fullname.localeCompare(b.fullname, 'fr') || a.id - b.id);
  }
}
