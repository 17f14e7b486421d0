import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { QuizView } from './assessment.views.js';
import { QUIZ_SELECT } from './quiz.sql.js';
import { authoredQuiz, withTeacherNames } from './quiz-reads.js';

/** One live quiz, for its trainer and admins. */
export class GetQuiz extends Query<QuizView> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
  ) {
    super();
  }
}

@QueryHandler(GetQuiz)
export class GetQuizHandler implements IQueryHandler<GetQuiz> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, quizId }: GetQuiz): Promise<QuizView> {
    await authoredQuiz(this.db, actor, quizId);
    const rows = await this.db.query<Omit<QuizView, 'teacher_name'>>(`${QUIZ_SELECT} and q.id = $1`, [quizId]);
    return (await withTeacherNames(this.queries, rows))[0]!;
  }
}
