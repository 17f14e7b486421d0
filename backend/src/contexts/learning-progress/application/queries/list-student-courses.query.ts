import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { CountCourseSteps, GetCourseSummaries } from '../../../catalogue/contracts/catalogue.queries.js';
import { ListStudentEnrolments } from '../../../enrolment/contracts/enrolment.queries.js';

export class CourseTrainer {
  @ApiProperty() id!: number;
  @ApiProperty() prenom!: string;
  @ApiProperty() nom!: string;
}

/** A course the student follows, with their progress (the spec's student course entry). */
export class StudentCourseView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() featured_img!: string;
  @ApiProperty({ description: 'Étapes validées sur toutes les étapes, en %' }) progress!: number;
  @ApiProperty({ description: 'Temps actif en secondes (méthode v1)' }) time_spent!: number;
  @ApiProperty({ description: 'Temps connecté en secondes' }) connected_time!: number;
  @ApiProperty() enrollment_date!: string;
  @ApiProperty({ type: String, nullable: true }) completed_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) last_activity_at!: string | null;
  @ApiProperty({ type: [CourseTrainer] }) formateurs!: CourseTrainer[];
}

/** The courses a student is enrolled in with their progress (from the student-course projection): theirs, or an admin's reading. */
export class ListStudentCourses extends Query<StudentCourseView[]> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

@QueryHandler(ListStudentCourses)
export class ListStudentCoursesHandler implements IQueryHandler<ListStudentCourses> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, studentId }: ListStudentCourses): Promise<StudentCourseView[]> {
    assertSelfOrAdmin(actor, 'student', studentId);
    const enrolments = await this.queries.execute(new ListStudentEnrolments(studentId));
    const ids = enrolments.map((e) => e.course_id);
    const [summaries, steps, rows] = await Promise.all([
      this.queries.execute(new GetCourseSummaries(ids)),
      this.queries.execute(new CountCourseSteps(ids)),
      this.db.query<{ course_id: number; validated_steps: number; active_seconds: number; connected_seconds: number; completed_at: string | null; last_activity_at: string | null }>(
        `select course_id, validated_steps, active_seconds, connected_seconds, ${iso('completed_at')} as completed_at, ${iso('last_activity_at')} as last_activity_at
           from progress.student_course_progress where student_id = $1`,
        [studentId],
      ),
    ]);
    const byCourse = new Map(rows.map((row) => [row.course_id, row]));
    const summary = new Map(summaries.map((s) => [s.id, s]));
    return enrolments.flatMap((enrolment) => {
      const course = summary.get(enrolment.course_id);
      if (!course) return [];
      const row = byCourse.get(enrolment.course_id);
      const total = steps.get(enrolment.course_id) ?? 0;
      const progress = row?.completed_at ? 100 : total === 0 ? 0 : Math.min(100, Math.round((100 * (row?.validated_steps ?? 0)) / total));
      const [prenom = '', ...rest] = (course.teacher?.full_name ?? '').trim().split(/\s+/);
      return [{
        id: course.id, title: course.title, featured_img: course.featured_img, progress, time_spent: row?.active_seconds ?? 0, connected_time: row?.connected_seconds ?? 0,
        enrollment_date: enrolment.enrolled_at, completed_at: row?.completed_at ?? null, last_activity_at: row?.last_activity_at ?? null,
        formateurs: course.teacher ? [{ id: course.teacher.id, prenom, nom: rest.join(' ') }] : [],
      }];
    });
  }
}
