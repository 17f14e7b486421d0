import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { authoredQuiz } from './quiz-reads.js';

/** Whether the quiz is assigned to the course (its trainer and admins). */
export class GetQuizAssignStatus extends Query<boolean> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(GetQuizAssignStatus)
export class GetQuizAssignStatusHandler implements IQueryHandler<GetQuizAssignStatus> {
  constructor(private readonly db: Database) {}

  async execute({ actor, quizId, courseId }: GetQuizAssignStatus): Promise<boolean> {
    await authoredQuiz(this.db, actor, quizId);
    return (await this.db.query('select 1 from assessment.quiz_course where quiz_id = $1 and course_id = $2', [quizId, courseId])).length > 0;
  }
}
