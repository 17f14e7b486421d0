import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetQuizStepCourses } from '../../contracts/catalogue.queries.js';

@QueryHandler(GetQuizStepCourses)
export class GetQuizStepCoursesHandler implements IQueryHandler<GetQuizStepCourses> {
  constructor(private readonly db: Database) {}

  async execute({ quizId }: GetQuizStepCourses): Promise<number[]> {
    const rows = await this.db.query<{ course_id: number }>(
      `select ch.course_id from catalogue.chapter ch where ch.quiz_id = $1 and ch.archived_at is null
       union
       select ch.course_id from catalogue.subchapter sc join catalogue.chapter ch on ch.id = sc.chapter_id
        where sc.quiz_id = $1 and sc.archived_at is null and ch.archived_at is null`,
      [quizId],
    );
    return rows.map((row) => row.course_id);
  }
}
