import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { QuizNotFoundError } from '../../domain/assessment.errors.js';
import { assertMayTakeQuiz } from '../quiz-access.js';
import type { StudentQuestion } from './assessment.views.js';

/**
 * The first question of a quiz (`after` null) or the one after a question, as a list (empty at the
 * end), for a student a course they follow offers it to; authors see it too. Never the right answer.
 */
export class GetStudentQuestion extends Query<StudentQuestion[]> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly after: number | null,
  ) {
    super();
  }
}

@QueryHandler(GetStudentQuestion)
export class GetStudentQuestionHandler implements IQueryHandler<GetStudentQuestion> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, quizId, after }: GetStudentQuestion): Promise<StudentQuestion[]> {
    const quiz = await this.db.one<{ teacher_id: number | null }>('select teacher_id from assessment.quiz where id = $1 and archived_at is null', [quizId]);
    if (!quiz) throw new QuizNotFoundError();
    if (actor.role === 'student') await assertMayTakeQuiz(this.db, this.queries, actor.profileId, quizId);
    else if (actor.role !== 'admin' && quiz.teacher_id !== actor.profileId) throw new ForbiddenError("Ce quiz n'est pas le vôtre.");
    // Only these columns: the right answer is never selected for this answer.
    return this.db.query<StudentQuestion>(
      `with live as (
         select id, quiz_id, questions, ans1, ans2, ans3, ans4, row_number() over (order by position, id)::int as number, count(*) over ()::int as total
           from assessment.question where quiz_id = $1 and archived_at is null)
       select id, quiz_id as quiz, questions, ans1, ans2, ans3, ans4, number, total from live
        where number = coalesce((select number + 1 from live where id = $2), case when $2::int is null then 1 end)`,
      [quizId, after],
    );
  }
}
