import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelf } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { StudentQuiz } from '../../domain/student-quiz.aggregate.js';
import { assertMayTakeQuiz } from '../quiz-access.js';

/** The student starts the quiz over: a new attempt, the earlier ones kept. */
export class ResetQuizAttempts extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@CommandHandler(ResetQuizAttempts)
export class ResetQuizAttemptsHandler implements ICommandHandler<ResetQuizAttempts> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly db: Database,
  ) {}

  async execute({ actor, quizId, studentId }: ResetQuizAttempts): Promise<void> {
    assertSelf(actor, 'student', studentId);
    await assertMayTakeQuiz(this.db, this.queries, studentId, quizId);
    await this.store.transaction(async (uow) => {
      (await uow.find(StudentQuiz, { studentId, quizId }, { populate: ['attempts'] }))?.reset();
    });
  }
}
