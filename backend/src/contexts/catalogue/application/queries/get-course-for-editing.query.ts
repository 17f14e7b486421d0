import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { authoredCourse } from './authored-course.js';
import type { CourseEditView } from './authoring.views.js';
import type { ProgrammeSheet } from '../../domain/course-programme.js';
import { programmeMissing, toProgrammeView } from './programme.views.js';

/** A course as its edit form reads it: its trainer and admins only. */
export class GetCourseForEditing extends Query<CourseEditView> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(GetCourseForEditing)
export class GetCourseForEditingHandler implements IQueryHandler<GetCourseForEditing> {
  constructor(private readonly db: Database) {}

  async execute({ actor, courseId }: GetCourseForEditing): Promise<CourseEditView> {
    await authoredCourse(this.db, actor, courseId);
    const row = await this.db.one<Omit<CourseEditView, 'programme' | 'programme_missing'> & { sheet: Partial<ProgrammeSheet>; programme_updated_at: Date | null }>(
      `select id, teacher_id as formateur, title, description, featured_img, category_id as category, techs, status,
              objectives, planned_minutes, nature, programme as sheet, programme_updated_at
         from catalogue.course where id = $1`,
      [courseId],
    );
    const { sheet, programme_updated_at: updatedAt, ...course } = row!;
    return { ...course, programme: toProgrammeView(sheet, updatedAt), programme_missing: programmeMissing(sheet, course.objectives, course.planned_minutes) };
  }
}
