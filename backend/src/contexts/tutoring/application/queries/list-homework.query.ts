import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { GetTeacherSummaries } from '../../../identity/contracts/identity.queries.js';
import { iso } from './tutoring.sql.js';
import type { HomeworkView } from './tutoring.views.js';

type HomeworkRow = Omit<HomeworkView, 'teacher'> & { teacher_id: number };

const HOMEWORK_SELECT = `
  select id, title, detail, teacher_id, student_id as student, student_status, ${iso('given_at')} as given_at, ${iso('completed_at')} as completed_at
    from tutoring.homework`;

async function withTeachers(queries: QueryBus, rows: HomeworkRow[]): Promise<HomeworkView[]> {
  const teachers = await queries.execute(new GetTeacherSummaries(rows.map((r) => r.teacher_id)));
  return rows.map(({ teacher_id, ...row }) => ({ ...row, teacher: { id: teacher_id, full_name: teachers.get(teacher_id)?.full_name ?? '' } }));
}

/** The homework a trainer gave a student, newest first: the trainer's reading of GET /student-assignment/{teacher}/{student}. */
export class ListHomework extends Query<HomeworkView[]> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(ListHomework)
export class ListHomeworkHandler implements IQueryHandler<ListHomework> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, teacherId, studentId }: ListHomework): Promise<HomeworkView[]> {
    assertSelfOrAdmin(actor, 'teacher', teacherId);
    const rows = await this.db.query<HomeworkRow>(`${HOMEWORK_SELECT} where teacher_id = $1 and student_id = $2 order by given_at desc, id desc`, [teacherId, studentId]);
    return withTeachers(this.queries, rows);
  }
}

/** Every piece of homework of a student (pending first, then newest): theirs, or an admin's reading. */
export class ListMyHomework extends Query<HomeworkView[]> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(ListMyHomework)
export class ListMyHomeworkHandler implements IQueryHandler<ListMyHomework> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId }: ListMyHomework): Promise<HomeworkView[]> {
    assertSelfOrAdmin(actor, 'student', studentId);
    const rows = await this.db.query<HomeworkRow>(`${HOMEWORK_SELECT} where student_id = $1 order by student_status, given_at desc, id desc`, [studentId]);
    return withTeachers(this.queries, rows);
  }
}
