import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, InvalidInputError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { BankQuestion } from '../../domain/bank-question.aggregate.js';
import type { QuestionFields } from '../../domain/quiz.aggregate.js';
import { quizTrainer } from '../quiz-trainer.js';

export const bankQuestionNotFound = () => new NotFoundError('Question introuvable dans la banque.', 'question');

/** What the bank's forms send: where the question is filed and the question itself. */
export interface BankQuestionInput {
  category: string;
  tags: readonly string[];
  fields: QuestionFields;
}

/** A trainer writes a question into their bank (an admin into a trainer's, naming them). */
export class WriteBankQuestion extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly teacher: number | undefined,
    readonly input: BankQuestionInput,
  ) {
    super();
  }
}

@CommandHandler(WriteBankQuestion)
export class WriteBankQuestionHandler implements ICommandHandler<WriteBankQuestion> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, teacher, input }: WriteBankQuestion): Promise<number> {
    // A trainer's own bank (the id defaults to theirs); an admin names the trainer.
    const teacherId = await quizTrainer(this.queries, actor, actor.role === 'teacher' ? (teacher ?? actor.profileId) : teacher);
    if (teacherId === null) throw new InvalidInputError('Choisissez le formateur dont la banque reçoit cette question.', 'teacher');
    return this.store.transaction(async (uow) => {
      const question = uow.add(BankQuestion.create(teacherId, input.category, input.tags, input.fields, this.clock.now()));
      return () => question.id;
    });
  }
}

/** Its trainer (or an admin) edits a bank question: a new revision; attempts keep the copy they asked. */
export class ChangeBankQuestion extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly questionId: number,
    readonly input: BankQuestionInput,
  ) {
    super();
  }
}

@CommandHandler(ChangeBankQuestion)
export class ChangeBankQuestionHandler implements ICommandHandler<ChangeBankQuestion> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, questionId, input }: ChangeBankQuestion): Promise<void> {
    await this.store.transaction(async (uow) => {
      const question = await uow.load(BankQuestion, { id: questionId }, bankQuestionNotFound, { lockMode: LockMode.PESSIMISTIC_WRITE });
      question.assertOwner(actor);
      question.change(input.category, input.tags, input.fields, this.clock.now());
    });
  }
}

/** Its trainer (or an admin) archives a bank question: drawn no more, never deleted. */
export class ArchiveBankQuestion extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly questionId: number,
  ) {
    super();
  }
}

@CommandHandler(ArchiveBankQuestion)
export class ArchiveBankQuestionHandler implements ICommandHandler<ArchiveBankQuestion> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, questionId }: ArchiveBankQuestion): Promise<void> {
    await this.store.transaction(async (uow) => {
      const question = await uow.load(BankQuestion, { id: questionId }, bankQuestionNotFound, { lockMode: LockMode.PESSIMISTIC_WRITE });
      question.assertOwner(actor);
      question.archive(this.clock.now());
    });
  }
}
