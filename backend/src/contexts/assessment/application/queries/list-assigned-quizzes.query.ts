import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner, IsFollowingCourse } from '../../../catalogue/contracts/catalogue.queries.js';
import type { AssignedQuiz } from './assessment.views.js';

/** A course's live quizzes: for its students, its trainer and admins. */
export class ListAssignedQuizzes extends Query<AssignedQuiz[]> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(ListAssignedQuizzes)
export class ListAssignedQuizzesHandler implements IQueryHandler<ListAssignedQuizzes> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, courseId }: ListAssignedQuizzes): Promise<AssignedQuiz[]> {
    const course = await this.queries.execute(new GetCourseOwner(courseId));
    const allowed =
      actor.role === 'admin' ||
      (actor.role === 'teacher' && course.teacher_id === actor.profileId) ||
      (actor.role === 'student' && (await this.queries.execute(new IsFollowingCourse(actor.profileId, courseId))));
    if (!allowed) throw new ForbiddenError("Les quiz de ce cours sont réservés à ses étudiants inscrits.");
    return this.db.query<AssignedQuiz>(
      `select q.id, q.title,
              coalesce(q.draw_count, (select count(*) from assessment.question x where x.quiz_id = q.id and x.archived_at is null))::int as total_questions
         from assessment.quiz_course c join assessment.quiz q on q.id = c.quiz_id
        where c.course_id = $1 and q.archived_at is null
        order by c.assigned_at, q.id`,
      [courseId],
    );
  }
}
