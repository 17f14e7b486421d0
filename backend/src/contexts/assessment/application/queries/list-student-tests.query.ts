import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { PageRequest } from '../../../../platform/http/paging.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { IsFollowingCourse } from '../../../catalogue/contracts/catalogue.queries.js';
import { coursesOfQuiz } from '../quiz-access.js';
import type { StudentTest } from './assessment.views.js';

/**
 * GET /student-test/ (named by the spec, not described): the signed-in student's quizzes, those a
 * course they follow offers, each with where they are in it (not started, in progress, completed)
 * and the result of their current attempt; newest quiz first, paged.
 */
export class ListStudentTests extends Query<{ results: StudentTest[]; count: number }> {
  constructor(
    readonly actor: Actor,
    readonly page: PageRequest,
  ) {
    super();
  }
}

type Row = Omit<StudentTest, 'status'> & { started: boolean; completed: boolean };

@QueryHandler(ListStudentTests)
export class ListStudentTestsHandler implements IQueryHandler<ListStudentTests> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, page }: ListStudentTests): Promise<{ results: StudentTest[]; count: number }> {
    if (actor.role !== 'student') throw new ForbiddenError('Cette liste est celle des quiz d’un étudiant.');
    const studentId = actor.profileId;
    const rows = await this.db.query<Row>(
      `select q.id, q.title, coalesce(s.attempt, 1) as attempt,
              coalesce(q.draw_count, (select count(*) from assessment.question x where x.quiz_id = q.id and x.archived_at is null))::int as total_questions,
              (select count(*) from assessment.quiz_answer a where a.student_quiz_id = s.id and a.attempt = s.attempt)::int as total_attempted_questions,
              (select count(*) from assessment.quiz_answer a where a.student_quiz_id = s.id and a.attempt = s.attempt and a.correct)::int as total_correct_questions,
              exists (select 1 from assessment.quiz_attempt t where t.student_quiz_id = s.id and t.attempt = s.attempt) as started,
              exists (select 1 from assessment.quiz_attempt t where t.student_quiz_id = s.id and t.attempt = s.attempt and t.completed_at is not null) as completed
         from assessment.quiz q left join assessment.student_quiz s on s.quiz_id = q.id and s.student_id = $1
        where q.archived_at is null
        order by q.id desc`,
      [studentId],
    );
    const mine: StudentTest[] = [];
    for (const { started, completed, ...row } of rows) {
      let follows = false;
      for (const courseId of await coursesOfQuiz(this.db, this.queries, row.id)) {
        if (await this.queries.execute(new IsFollowingCourse(studentId, courseId))) {
          follows = true;
          break;
        }
      }
      if (follows) mine.push({ ...row, status: completed ? 'completed' : started ? 'in_progress' : 'not_started' });
    }
    const start = (page.page - 1) * page.pageSize;
    return { results: mine.slice(start, start + page.pageSize), count: mine.length };
  }
}
