import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { GetTeacherSummaries } from '../../../identity/contracts/identity.queries.js';
import { GRADE_OUT_OF } from '../../domain/homework.aggregate.js';
import { iso } from './tutoring.sql.js';
import type { HomeworkView } from './tutoring.views.js';

type HomeworkRow = Omit<HomeworkView, 'teacher'> & { teacher_id: number };

/** Each hand-in of homework `h`, oldest first, with its files (docs/adr/0044). */
const SUBMISSIONS = `coalesce((
    select json_agg(json_build_object(
             'id', s.id, 'number', s.number, 'submitted_at', ${iso('s.submitted_at')}, 'late', s.late, 'answer', s.body,
             'files', coalesce((select json_agg(json_build_object('id', f.id, 'file_name', f.file_name, 'size', f.size, 'content_type', f.content_type) order by f.id)
                                  from tutoring.homework_file f where f.submission_id = s.id), '[]'::json)
           ) order by s.number)
      from tutoring.homework_submission s where s.homework_id = h.id), '[]'::json)`;

const HOMEWORK_SELECT = `
  select h.id, h.title, h.detail, h.teacher_id, h.student_id as student, h.student_status, ${iso('h.given_at')} as given_at, ${iso('h.completed_at')} as completed_at,
         ${iso('h.due_at')} as due_at, h.grade::float8 as grade, ${GRADE_OUT_OF} as out_of, h.feedback, ${iso('h.graded_at')} as graded_at,
         ${SUBMISSIONS} as submissions
    from tutoring.homework h`;

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
    const rows = await this.db.query<HomeworkRow>(`${HOMEWORK_SELECT} where h.teacher_id = $1 and h.student_id = $2 order by h.given_at desc, h.id desc`, [teacherId, studentId]);
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
    const rows = await this.db.query<HomeworkRow>(`${HOMEWORK_SELECT} where h.student_id = $1 order by h.student_status, h.given_at desc, h.id desc`, [studentId]);
    return withTeachers(this.queries, rows);
  }
}

/** One piece of homework as its learner and trainer read it, for a command's answer (the command checked who asks). */
export class GetHomeworkView extends Query<HomeworkView | undefined> {
  constructor(readonly homeworkId: number) {
    super();
  }
}

@QueryHandler(GetHomeworkView)
export class GetHomeworkViewHandler implements IQueryHandler<GetHomeworkView> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ homeworkId }: GetHomeworkView): Promise<HomeworkView | undefined> {
    const rows = await this.db.query<HomeworkRow>(`${HOMEWORK_SELECT} where h.id = $1`, [homeworkId]);
    return (await withTeachers(this.queries, rows))[0];
  }
}
