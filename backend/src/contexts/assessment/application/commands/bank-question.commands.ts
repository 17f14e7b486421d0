import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, ConflictError, ForbiddenError, InvalidInputError, knownByKey, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { QuizNotFoundError } from '../../domain/assessment.errors.js';
import { BankQuestion } from '../../domain/bank-question.aggregate.js';
import { Quiz, type QuestionFields } from '../../domain/quiz.aggregate.js';
import type { ImportRow } from '../bank-import.js';
import { quizTrainer } from '../quiz-trainer.js';
import { quizIdOfQuestion } from './load-quiz.js';

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
    /** Drawn by the page for one creation: the same request sent again answers the question it made (ADR 0022). */
    readonly requestKey: string | null = null,
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

  async execute({ actor, teacher, input, requestKey }: WriteBankQuestion): Promise<number> {
    // A trainer's own bank (the id defaults to theirs); an admin names the trainer.
    const teacherId = await quizTrainer(this.queries, actor, actor.role === 'teacher' ? (teacher ?? actor.profileId) : teacher);
    if (teacherId === null) throw new InvalidInputError('Choisissez le formateur dont la banque reçoit cette question.', 'teacher');
    return this.store.transaction(async (uow) => {
      // Read inside each try: a copy that raced with this one (its insert lost on the key) finds the winner.
      const known = requestKey === null ? null : knownByKey(await uow.em.findOne(BankQuestion, { requestKey }), (q) => q.sameOwner(teacherId));
      if (known) return known.id;
      const question = uow.add(BankQuestion.create(teacherId, input.category, input.tags, input.fields, this.clock.now(), { requestKey }));
      return () => question.id;
    });
  }
}

/** The quiz's trainer (or an admin for them) copies one of its questions into the trainer's bank. */
export class CopyQuizQuestionToBank extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly questionId: number,
    readonly filing: { category: string; tags: readonly string[] },
    readonly requestKey: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(CopyQuizQuestionToBank)
export class CopyQuizQuestionToBankHandler implements ICommandHandler<CopyQuizQuestionToBank> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, questionId, filing, requestKey }: CopyQuizQuestionToBank): Promise<number> {
    return this.store.transaction(async (uow) => {
      const quiz = await uow.load(Quiz, { id: await quizIdOfQuestion(uow, questionId), archivedAt: null }, () => new QuizNotFoundError());
      quiz.assertAuthor(actor);
      await uow.em.populate(quiz, ['questions']);
      const teacherId = quiz.teacherId;
      if (teacherId === null) throw new ConflictError('Ce quiz n’a pas de formateur : sa question ne peut rejoindre aucune banque.');
      const known = requestKey === null ? null : knownByKey(await uow.em.findOne(BankQuestion, { requestKey }), (q) => q.sameOwner(teacherId));
      if (known) return known.id;
      const copy = uow.add(
        BankQuestion.create(teacherId, filing.category, filing.tags, quiz.questionFields(questionId), this.clock.now(), { requestKey, copiedFrom: { quizId: quiz.id, questionId } }),
      );
      return () => copy.id;
    });
  }
}

/** A trainer imports a file's questions into their bank: all of them, or none when a row has a problem. */
export class ImportBankQuestions extends Command<{ created: number }> {
  constructor(
    readonly actor: Actor,
    readonly rows: readonly ImportRow[],
    /** Drawn by the dialog: the same import sent again (a retry after a lost answer) answers its outcome, adding nothing (ADR 0022). */
    readonly requestKey: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(ImportBankQuestions)
export class ImportBankQuestionsHandler implements ICommandHandler<ImportBankQuestions> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, rows, requestKey }: ImportBankQuestions): Promise<{ created: number }> {
    if (actor.role !== 'teacher') throw new ForbiddenError('Seuls les formateurs importent des questions dans leur banque.');
    const wrong = rows.filter((row) => row.problems.length > 0 || row.fields === null);
    if (wrong.length > 0) {
      throw new InvalidInputError(
        `${wrong.length === 1 ? 'Une ligne a' : `${wrong.length} lignes ont`} des erreurs (ligne${wrong.length > 1 ? 's' : ''} ${wrong.slice(0, 10).map((r) => r.line).join(', ')}${wrong.length > 10 ? '…' : ''}) : corrigez le fichier, rien n’a été importé.`,
        'file',
      );
    }
    // All or nothing: one transaction, one question and one event per row, as by hand.
    const now = this.clock.now();
    return this.store.transaction(async (uow) => {
      // The import's key is kept on its first question: found, the import was made (by this trainer, else refused).
      const known = requestKey === null ? null : knownByKey(await uow.em.findOne(BankQuestion, { requestKey }), (q) => q.sameOwner(actor.profileId));
      if (known) return { created: rows.length };
      rows.forEach((row, i) => uow.add(BankQuestion.create(actor.profileId, row.category, row.tags, row.fields!, now, { imported: true, requestKey: i === 0 ? requestKey : null })));
      return { created: rows.length };
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
