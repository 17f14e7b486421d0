import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { servesPaper } from '../../domain/quiz.aggregate.js';
import { StudentQuiz } from '../../domain/student-quiz.aggregate.js';
import { composePaper } from '../paper.js';
import { assertMayTakeQuiz, liveQuestions } from '../quiz-access.js';
import { studentQuizKey } from './answer-question.command.js';

/**
 * A student is served a question of a time-limited, shuffled or drawn quiz: the attempt starts now
 * on the server's clock if it has not, so the limit counts from the first question read, not the
 * first answer (ADR 0043), and its paper (the questions drawn, their order, their options' order:
 * ADR 0045) is decided by the server and recorded with it; an attempt past its deadline is closed
 * as it stands. Other quizzes start at the first answer, as before. The student's access is checked
 * here, before anything is written.
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
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ studentId, quizId }: StartQuizAttempt): Promise<void> {
    const { questions, rules } = await liveQuestions(this.db, quizId);
    const paperQuiz = servesPaper(rules);
    if (rules.timeLimitMinutes === null && !paperQuiz) return;
    if (!paperQuiz && questions.length === 0) return;
    await assertMayTakeQuiz(this.db, this.queries, studentId, quizId);
    const paper = paperQuiz ? await composePaper(this.db, quizId, rules) : [];
    if (paperQuiz && paper.length === 0) return;
    await this.store.transaction(
      async (uow) => {
        const taken =
          (await uow.find(StudentQuiz, { studentId, quizId }, { populate: ['attempts', 'attempts.paper', 'answers'] })) ?? uow.add(new StudentQuiz(studentId, quizId));
        if (taken.current()?.completedAt) return;
        taken.start(rules, paperQuiz ? paper.length : questions.length, this.clock.now(), undefined, paper);
      },
      { serialize: [studentQuizKey(studentId, quizId)] },
    );
  }
}
