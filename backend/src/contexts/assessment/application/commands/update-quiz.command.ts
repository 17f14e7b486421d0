import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import type { QuizRules } from '../../domain/quiz.aggregate.js';
import { assertDrawable } from '../bank-draw.js';
import { loadQuizForChange } from './load-quiz.js';

/** Edits a quiz's title, detail and rules (its trainer, or an admin); a rule not sent is kept. */
export class UpdateQuiz extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly teacher: number | undefined,
    readonly title: string,
    readonly detail: string,
    readonly rules: Partial<QuizRules> = {},
  ) {
    super();
  }
}

@CommandHandler(UpdateQuiz)
export class UpdateQuizHandler implements ICommandHandler<UpdateQuiz> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, quizId, teacher, title, detail, rules }: UpdateQuiz): Promise<void> {
    await this.store.transaction(async (uow) => {
      const quiz = await loadQuizForChange(uow, actor, quizId);
      if (teacher !== undefined && teacher !== quiz.teacherId && actor.role !== 'admin') {
        throw new ForbiddenError('Seul un administrateur peut confier ce quiz à un autre formateur.');
      }
      quiz.update(title, detail, rules);
      // Checked when the draw is set or changed (a form that does not send it keeps it as it is).
      if (rules.drawCategory !== undefined || rules.drawCount !== undefined) await assertDrawable(uow, quiz.teacherId, quiz.rules);
    });
  }
}
