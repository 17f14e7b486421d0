import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { authoredCourse } from './authored-course.js';
import type { CourseEditView } from './authoring.views.js';

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
    const row = await this.db.one<CourseEditView>(
      `select id, teacher_id as formateur, title, description, featured_img, category_id as category, techs, status,
              objectives, planned_minutes, nature
         from catalogue.course where id = $1`,
      [courseId],
    );
    return row!;
  }
}
