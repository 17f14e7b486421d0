import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetStudentSummaries, StudentSummary } from '../../../identity/contracts/identity.queries.js';

export class CourseStudentView {
  @ApiProperty({ description: "Identifiant de l'inscription" }) id!: number;
  @ApiProperty() enrolled_at!: string;
  @ApiProperty({ type: StudentSummary }) student!: StudentSummary;
}

/** The students enrolled in a course, first enrolled first: for its trainer and admins. */
export class ListCourseStudents extends Query<CourseStudentView[]> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(ListCourseStudents)
export class ListCourseStudentsHandler implements IQueryHandler<ListCourseStudents> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, courseId }: ListCourseStudents): Promise<CourseStudentView[]> {
    const course = await this.queries.execute(new GetCourseOwner(courseId));
    const teaches = actor.role === 'teacher' && course.teacher_id === actor.profileId;
    if (actor.role !== 'admin' && !teaches) throw new ForbiddenError("Ce cours n'est pas le vôtre : ses inscrits ne vous sont pas accessibles.");
    const rows = await this.db.query<{ id: number; student_id: number; enrolled_at: string }>(
      `select id, student_id, to_char(enrolled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as enrolled_at
         from enrolment.student_course where course_id = $1 and enrolled_at is not null order by enrolled_at, id`,
      [courseId],
    );
    const students = await this.queries.execute(new GetStudentSummaries(rows.map((r) => r.student_id)));
    return rows.flatMap((row) => {
      const student = students.get(row.student_id);
      return student ? [{ id: row.id, enrolled_at: row.enrolled_at, student }] : [];
    });
  }
}
