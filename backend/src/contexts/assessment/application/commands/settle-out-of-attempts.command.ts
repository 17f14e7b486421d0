import { createHash } from 'node:crypto';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, ConflictError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { StudentQuiz } from '../../domain/student-quiz.aggregate.js';
import { authoredQuiz } from '../queries/quiz-reads.js';
import { liveQuestions } from '../quiz-access.js';
import { studentQuizKey } from './answer-question.command.js';

const notTaken = () => new NotFoundError("Cet apprenant n'a pas passé ce quiz.", 'student');

/**
 * Whether a grant sent again (a double click, a retry after a lost answer, a copy queued behind the
 * first) finds its own outcome: a grant opened the current attempt and the learner has not used it
 * yet (no answer, not closed). It then answers as the first did and records nothing (ADR 0022).
 * Once the learner answered in it, a grant is a new request, decided by the aggregate.
 */
function grantedAndUnused(taken: StudentQuiz): boolean {
  if (taken.outOfAttempts || taken.validatedAt || taken.extraAttempts === 0) return false;
  return taken.answersOf().length === 0 && !taken.current()?.completedAt;
}

/** The quiz's trainer (or an admin) grants one more attempt to a learner out of attempts below the pass mark: it opens at once. */
export class GrantQuizAttempt extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@CommandHandler(GrantQuizAttempt)
export class GrantQuizAttemptHandler implements ICommandHandler<GrantQuizAttempt> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
  ) {}

  async execute({ actor, quizId, studentId }: GrantQuizAttempt): Promise<void> {
    await authoredQuiz(this.db, actor, quizId);
    const { rules } = await liveQuestions(this.db, quizId);
    await this.store.transaction(
      async (uow) => {
        const taken = await uow.load(StudentQuiz, { studentId, quizId }, notTaken, { populate: ['attempts', 'answers'] });
        if (grantedAndUnused(taken)) return;
        taken.grantAttempt(rules);
      },
      { serialize: [studentQuizKey(studentId, quizId)] },
    );
  }
}

/**
 * The quiz's trainer (or an admin) validates the quiz by hand for a learner out of attempts, with a
 * reason: a category and a text; the event carries the category and the text's SHA-256 (the text
 * stays in assessment's row), and learning-progress validates the step the quiz was taken from.
 */
export class ValidateQuizByHand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly quizId: number,
    readonly studentId: number,
    readonly category: string,
    readonly reason: string,
  ) {
    super();
  }
}

@CommandHandler(ValidateQuizByHand)
export class ValidateQuizByHandHandler implements ICommandHandler<ValidateQuizByHand> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, quizId, studentId, category, reason }: ValidateQuizByHand): Promise<void> {
    await authoredQuiz(this.db, actor, quizId);
    const hash = createHash('sha256').update(reason.trim(), 'utf8').digest('hex');
    await this.store.transaction(
      async (uow) => {
        const taken = await uow.load(StudentQuiz, { studentId, quizId }, notTaken, { populate: ['attempts'] });
        // Sent again (ADR 0022): the same category and reason answer the validation already recorded.
        if (taken.validatedAt) {
          if (taken.validationCategory === category && taken.validationReason === reason.trim()) return;
          throw new ConflictError('Ce quiz a déjà été validé à la main pour cet apprenant, pour une autre raison.');
        }
        taken.validateByHand(actor.accountId, category, reason, hash, this.clock.now());
      },
      { serialize: [studentQuizKey(studentId, quizId)] },
    );
  }
}
