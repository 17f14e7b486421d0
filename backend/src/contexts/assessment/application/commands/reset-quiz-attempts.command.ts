import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelf } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { StudentQuiz } from '../../domain/student-quiz.aggregate.js';
import { assertMayTakeQuiz, liveQuestions } from '../quiz-access.js';
import { studentQuizKey } from './answer-question.command.js';

/**
 * The student starts the quiz over (the spec's DELETE /reset-quiz-attempts/): a new attempt,
 * counted against those allowed, the earlier ones kept; refused in French once they are all used.
 */
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
    private readonly clock: Clock,
  ) {}

  async execute({ actor, quizId, studentId }: ResetQuizAttempts): Promise<void> {
    assertSelf(actor, 'student', studentId);
    await assertMayTakeQuiz(this.db, this.queries, studentId, quizId);
    const { questions, rules } = await liveQuestions(this.db, quizId);
    await this.store.transaction(
      async (uow) => {
        (await uow.find(StudentQuiz, { studentId, quizId }, { populate: ['attempts', 'attempts.paper', 'answers'] }))?.reset(rules, questions.length, this.clock.now());
      },
      { serialize: [studentQuizKey(studentId, quizId)] },
    );
  }
}
