import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { Quiz, type QuizRules } from '../../domain/quiz.aggregate.js';
import { assertDrawable } from '../bank-draw.js';
import { quizTrainer } from '../quiz-trainer.js';

/** A trainer writes a quiz of their own; an admin one for a trainer, or unassigned. */
export class CreateQuiz extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly teacher: number | undefined,
    readonly title: string,
    readonly detail: string,
    readonly rules: Partial<QuizRules> = {},
  ) {
    super();
  }
}

@CommandHandler(CreateQuiz)
export class CreateQuizHandler implements ICommandHandler<CreateQuiz> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, teacher, title, detail, rules }: CreateQuiz): Promise<number> {
    const teacherId = await quizTrainer(this.queries, actor, teacher);
    return this.store.transaction(async (uow) => {
      const quiz = uow.add(Quiz.create(teacherId, title, detail, this.clock.now(), rules));
      await assertDrawable(uow, teacherId, quiz.rules);
      return () => quiz.id;
    });
  }
}
