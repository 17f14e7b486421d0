import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { loadQuizForChange, quizIdOfQuestion } from './load-quiz.js';

/** Removes a question: archived when students answered it (their answers keep it), deleted otherwise. */
export class RemoveQuestion extends Command<{ archived: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly questionId: number,
  ) {
    super();
  }
}

@CommandHandler(RemoveQuestion)
export class RemoveQuestionHandler implements ICommandHandler<RemoveQuestion> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  execute({ actor, questionId }: RemoveQuestion): Promise<{ archived: boolean }> {
    return this.store.transaction(async (uow) => {
      const quiz = await loadQuizForChange(uow, actor, await quizIdOfQuestion(uow, questionId));
      const rows = await uow.em.execute<{ n: number }[]>('select count(*)::int as n from assessment.quiz_answer where question_id = ?', [questionId]);
      const answered = (rows[0]?.n ?? 0) > 0;
      quiz.removeQuestion(questionId, answered, this.clock.now());
      return { archived: answered };
    });
  }
}
