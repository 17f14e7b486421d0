import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { StudentQuiz } from '../../domain/student-quiz.aggregate.js';
import { liveQuestions } from '../quiz-access.js';
import { studentQuizKey } from './answer-question.command.js';

/**
 * A student is served a question of a time-limited quiz (the caller checked they may take it): the
 * attempt starts now on the server's clock if it has not, so the limit counts from the first
 * question read, not the first answer (ADR 0043); an attempt past its deadline is closed as it
 * stands. Quizzes without a limit start at the first answer, as before.
 */
export class StartQuizAttempt extends Command<void> {
  constructor(
    readonly studentId: number,
    readonly quizId: number,
  ) {
    super();
  }
}

@CommandHandler(StartQuizAttempt)
export class StartQuizAttemptHandler implements ICommandHandler<StartQuizAttempt> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ studentId, quizId }: StartQuizAttempt): Promise<void> {
    const { questions, rules } = await liveQuestions(this.db, quizId);
    if (rules.timeLimitMinutes === null || questions.length === 0) return;
    await this.store.transaction(
      async (uow) => {
        const taken = (await uow.find(StudentQuiz, { studentId, quizId }, { populate: ['attempts', 'answers'] })) ?? uow.add(new StudentQuiz(studentId, quizId));
        if (taken.current()?.completedAt) return;
        taken.start(rules, questions.length, this.clock.now());
      },
      { serialize: [studentQuizKey(studentId, quizId)] },
    );
  }
}
