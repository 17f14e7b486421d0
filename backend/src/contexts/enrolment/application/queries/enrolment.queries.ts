import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetCourseSummaries, GetCourseTitle, RecommendCourses, type CourseSummary } from '../../../catalogue/index.js';
import { GetStudentProfile, type StudentView } from '../../../identity/index.js';
import { matchesFormation } from '../commands/enrolment.commands.js';

export type StatusKind = 'enrolled' | 'rated' | 'favourite';

/** Whether a student is enrolled in, has rated, or has favourited a course. */
export class GetStudentCourseStatus {
  constructor(
    readonly kind: StatusKind,
    readonly studentId: number,
    readonly courseId: number,
  ) {}
}

@QueryHandler(GetStudentCourseStatus)
export class GetStudentCourseStatusHandler implements IQueryHandler<GetStudentCourseStatus, boolean> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ kind, studentId, courseId }: GetStudentCourseStatus): Promise<boolean> {
    const column = { enrolled: 'enrolled_at', rated: 'rated_at', favourite: 'favourited_at' }[kind];
    const row = await this.db.one<{ yes: boolean }>(
      `select ${column} is not null as yes from enrolment.student_course where student_id = $1 and course_id = $2`,
      [studentId, courseId],
    );
    if (row?.yes || kind !== 'enrolled') return row?.yes ?? false;
    const [student, course] = await Promise.all([
      this.queries.execute<GetStudentProfile, StudentView>(new GetStudentProfile(studentId)),
      this.queries.execute<GetCourseTitle, { title: string }>(new GetCourseTitle(courseId)),
    ]);
    return matchesFormation(student.formation_title, course.title);
  }
}

export class ListFavouriteCourses {
  constructor(readonly studentId: number) {}
}

@QueryHandler(ListFavouriteCourses)
export class ListFavouriteCoursesHandler implements IQueryHandler<ListFavouriteCourses, CourseSummary[]> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ studentId }: ListFavouriteCourses): Promise<CourseSummary[]> {
    const rows = await this.db.query<{ course_id: number }>(
      'select course_id from enrolment.student_course where student_id = $1 and favourited_at is not null order by favourited_at desc',
      [studentId],
    );
    return this.queries.execute(new GetCourseSummaries(rows.map((r) => r.course_id)));
  }
}

export class RecommendForStudent {
  constructor(readonly studentId: number) {}
}

@QueryHandler(RecommendForStudent)
export class RecommendForStudentHandler implements IQueryHandler<RecommendForStudent, CourseSummary[]> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ studentId }: RecommendForStudent): Promise<CourseSummary[]> {
    const [student, enrolled] = await Promise.all([
      this.queries.execute<GetStudentProfile, StudentView>(new GetStudentProfile(studentId)),
      this.db.query<{ course_id: number }>('select course_id from enrolment.student_course where student_id = $1 and enrolled_at is not null', [studentId]),
    ]);
    const interests = student.interseted_categories.split(',').map((s) => s.trim()).filter((s) => s.length >= 2);
    return this.queries.execute(new RecommendCourses(interests, enrolled.map((r) => r.course_id)));
  }
}
