import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { QuizNotFoundError } from '../../domain/assessment.errors.js';
import type { QuizResult } from './assessment.views.js';
import { RESULT_SQL } from './quiz.sql.js';

/** A student's result on their current attempt: for the student, the quiz's trainer and admins. */
export class GetQuizResult extends Query<QuizResult> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(GetQuizResult)
export class GetQuizResultHandler implements IQueryHandler<GetQuizResult> {
  constructor(private readonly db: Database) {}

  async execute({ actor, quizId, studentId }: GetQuizResult): Promise<QuizResult> {
    const quiz = await this.db.one<{ teacher_id: number | null; questions: number }>(
      `select teacher_id, coalesce(q.draw_count, (select count(*) from assessment.question x where x.quiz_id = q.id and x.archived_at is null))::int as questions
         from assessment.quiz q where id = $1`,
      [quizId],
    );
    if (!quiz) throw new QuizNotFoundError();
    const self = actor.role === 'student' && actor.profileId === studentId;
    const author = actor.role === 'admin' || (actor.role === 'teacher' && quiz.teacher_id === actor.profileId);
    if (!self && !author) throw new ForbiddenError("Ce résultat n'est pas le vôtre.");
    const row = await this.db.one<QuizResult>(RESULT_SQL, [quizId, studentId]);
    return row ?? { total_questions: quiz.questions, total_attempted_questions: 0, total_correct_questions: 0 };
  }
}
