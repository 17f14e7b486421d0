import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { QuestionFields } from '../../domain/quiz.aggregate.js';
import { loadQuizForChange, quizIdOfQuestion } from './load-quiz.js';

/** Edits a question (its text, its four answers, the right one). */
export class ChangeQuestion extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly questionId: number,
    readonly fields: QuestionFields,
  ) {
    super();
  }
}

@CommandHandler(ChangeQuestion)
export class ChangeQuestionHandler implements ICommandHandler<ChangeQuestion> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, questionId, fields }: ChangeQuestion): Promise<void> {
    await this.store.transaction(async (uow) => {
      (await loadQuizForChange(uow, actor, await quizIdOfQuestion(uow, questionId))).changeQuestion(questionId, fields);
    });
  }
}
