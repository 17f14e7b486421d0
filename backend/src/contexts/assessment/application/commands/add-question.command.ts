import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import type { QuestionFields } from '../../domain/quiz.aggregate.js';
import { loadQuizForChange } from './load-quiz.js';

/** Adds a question, last, to a quiz its author edits. */
export class AddQuestion extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly fields: QuestionFields,
  ) {
    super();
  }
}

@CommandHandler(AddQuestion)
export class AddQuestionHandler implements ICommandHandler<AddQuestion> {
  constructor(private readonly store: AggregateStore) {}

  execute({ actor, quizId, fields }: AddQuestion): Promise<number> {
    return this.store.transaction(async (uow) => {
      const question = (await loadQuizForChange(uow, actor, quizId)).addQuestion(fields);
      return () => question.id;
    });
  }
}
