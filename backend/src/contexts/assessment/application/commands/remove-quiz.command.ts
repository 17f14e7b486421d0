import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { loadQuizForChange } from './load-quiz.js';

/** Removes a quiz: archived when students answered it (their results stay), deleted otherwise. */
export class RemoveQuiz extends Command<{ archived: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
  ) {
    super();
  }
}

@CommandHandler(RemoveQuiz)
export class RemoveQuizHandler implements ICommandHandler<RemoveQuiz> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  execute({ actor, quizId }: RemoveQuiz): Promise<{ archived: boolean }> {
    return this.store.transaction(async (uow) => {
      const quiz = await loadQuizForChange(uow, actor, quizId);
      const taken = await uow.em.execute<{ n: number }[]>('select count(*)::int as n from assessment.student_quiz where quiz_id = ?', [quizId]);
      const mode = quiz.remove((taken[0]?.n ?? 0) > 0, this.clock.now());
      if (mode === 'delete') uow.em.remove(quiz);
      return { archived: mode === 'archive' };
    });
  }
}
