import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { mayTakeQuiz } from '../quiz-access.js';

/**
 * Whether the student may launch the quiz (GET /fetch-quiz-attempt-status/): it is live and has
 * questions, a course they follow offers it, and their current attempt is not completed (nor past
 * its time limit on the server's clock, ADR 0043). After a
 * completed attempt it is false until they start over (DELETE /reset-quiz-attempts/), which
 * opens a new attempt.
 */
export class GetAttemptStatus extends Query<boolean> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@QueryHandler(GetAttemptStatus)
export class GetAttemptStatusHandler implements IQueryHandler<GetAttemptStatus> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, quizId, studentId }: GetAttemptStatus): Promise<boolean> {
    assertSelfOrAdmin(actor, 'student', studentId);
    const row = await this.db.one<{ questions: number; completed: boolean }>(
      `select coalesce(q.draw_count, (select count(*) from assessment.question x where x.quiz_id = q.id and x.archived_at is null))::int as questions,
              exists (select 1 from assessment.student_quiz s join assessment.quiz_attempt a on a.student_quiz_id = s.id and a.attempt = s.attempt
                       where s.quiz_id = q.id and s.student_id = $2 and (a.completed_at is not null or a.deadline < $3::timestamptz)) as completed
         from assessment.quiz q where q.id = $1 and q.archived_at is null`,
      [quizId, studentId, this.clock.now()],
    );
    if (!row || row.questions === 0 || row.completed) return false;
    return mayTakeQuiz(this.db, this.queries, studentId, quizId);
  }
}
