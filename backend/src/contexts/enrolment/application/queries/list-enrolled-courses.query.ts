import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { GetCourseSummaries } from '../../../catalogue/contracts/catalogue.queries.js';
import { GetStudentProfile } from '../../../identity/contracts/identity.queries.js';

export class EnrolledCourseRef {
  @ApiProperty() id!: number;
  @ApiProperty({ type: String, nullable: true, description: 'null si le cours a été supprimé (« Titre inconnu »)' }) title!: string | null;
}

/** One enrolment as the student detail page lists it (spec 03 « Enrolled-course entry »). */
export class EnrolledCourseEntry {
  @ApiProperty({ description: "Identifiant de l'inscription" }) id!: number;
  @ApiProperty({ format: 'date-time', description: "Date d'inscription" }) created_at!: string;
  @ApiProperty({ type: EnrolledCourseRef }) course!: EnrolledCourseRef;
}

/** The courses a student is enrolled in, newest first (admins). */
export class ListEnrolledCourses extends Query<EnrolledCourseEntry[]> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(ListEnrolledCourses)
export class ListEnrolledCoursesHandler implements IQueryHandler<ListEnrolledCourses> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId }: ListEnrolledCourses): Promise<EnrolledCourseEntry[]> {
    assertAdmin(actor);
    await this.queries.execute(new GetStudentProfile(actor, studentId));
    const rows = await this.db.query<{ id: number; course_id: number; enrolled_at: Date }>(
      `select id, course_id, enrolled_at from enrolment.student_course where student_id = $1 and enrolled_at is not null order by enrolled_at desc, id desc`,
      [studentId],
    );
    const titles = new Map((await this.queries.execute(new GetCourseSummaries(rows.map((r) => r.course_id)))).map((c) => [c.id, c.title]));
    return rows.map((row) => ({
      id: row.id,
      created_at: new Date(row.enrolled_at).toISOString(),
      course: { id: row.course_id, title: titles.get(row.course_id) ?? null },
    }));
  }
}
