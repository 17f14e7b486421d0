import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { AuthoredCourseRow } from './authoring.views.js';
import { SUMMARY_FROM } from './course.sql.js';

/** A trainer's live courses, newest first, with their figures ("Mes cours"): the trainer and admins only. */
export class ListAuthoredCourses extends Query<AuthoredCourseRow[]> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
  ) {
    super();
  }
}

export const AUTHORED_COURSES_SQL = `
  select c.id, c.title, c.description, coalesce(c.featured_img, '/media/defaults/course.jpg') as featured_img,
         case when s.rating_count > 0 then round(s.rating_sum::numeric / s.rating_count, 1)::float8 end as course_rating,
         coalesce(s.total_enrolled_students, 0)::int as total_enrolled_students,
         coalesce(st.total_chapters, 0)::int as chapter_count, coalesce(st.total_duration, 0)::int as total_duration,
         c.category_id as category, cat.title as category_title, c.status
  ${SUMMARY_FROM}
   where c.teacher_id = $1 and c.archived_at is null
   order by c.id desc`;

@QueryHandler(ListAuthoredCourses)
export class ListAuthoredCoursesHandler implements IQueryHandler<ListAuthoredCourses> {
  constructor(private readonly db: Database) {}

  execute({ actor, teacherId }: ListAuthoredCourses): Promise<AuthoredCourseRow[]> {
    assertSelfOrAdmin(actor, 'teacher', teacherId);
    return this.db.query<AuthoredCourseRow>(AUTHORED_COURSES_SQL, [teacherId]);
  }
}
