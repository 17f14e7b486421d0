import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';
import type { StudyMaterialView } from './authoring.views.js';
import { CanReadCourseContent } from './can-read-course-content.query.js';

/** A course's documents, newest first: for its learners, its trainer and admins. */
export class ListStudyMaterials extends Query<StudyMaterialView[]> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(ListStudyMaterials)
export class ListStudyMaterialsHandler implements IQueryHandler<ListStudyMaterials> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, courseId }: ListStudyMaterials): Promise<StudyMaterialView[]> {
    const course = await this.db.one<{ archived: boolean }>('select archived_at is not null as archived from catalogue.course where id = $1', [courseId]);
    if (!course || (course.archived && actor.role !== 'student')) throw new CourseNotFoundError();
    if (!(await this.queries.execute(new CanReadCourseContent(actor, courseId)))) {
      throw new ForbiddenError('Ces documents sont réservés aux étudiants inscrits à ce cours.');
    }
    return this.db.query<StudyMaterialView>(
      `select id, course_id as course, title, description, file_path as upload, file_name, content_type, size::float8 as size, remarks,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
         from catalogue.study_material where course_id = $1 and archived_at is null order by id desc`,
      [courseId],
    );
  }
}
