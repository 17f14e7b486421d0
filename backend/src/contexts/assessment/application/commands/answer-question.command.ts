import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelf } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, ConflictError, type Actor } from '../../../../shared-kernel/index.js';
import { QuestionNotFoundError } from '../../domain/assessment.errors.js';
import { servesPaper } from '../../domain/quiz.aggregate.js';
import { StudentQuiz, type QuizPlace } from '../../domain/student-quiz.aggregate.js';
import { assertMayTakeQuiz, liveQuestions } from '../quiz-access.js';

export const NOT_STARTED = 'Ce quiz n’a pas encore commencé : affichez sa première question pour recevoir vos questions.';

export const TIME_UP = 'Le temps imparti pour ce quiz est écoulé : votre réponse n’a pas été enregistrée et la tentative est close avec les réponses déjà données.';

/** The key that queues one student's writers on one quiz (two tabs, a retry): each sees what the one before committed. */
export const studentQuizKey = (studentId: number, quizId: number): string => `assessment.student-quiz:${studentId}:${quizId}`;

/** A student answers a question of a quiz a course they follow offers, in their own name. */
export class AnswerQuestion extends Command<{ answered: number; total: number }> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly quizId: number,
    readonly questionId: number,
    /** The option's text (the spec's `right_ans`) or the options' numbers (ADR 0045). */
    readonly chosen: string | readonly number[],
    readonly place: QuizPlace,
  ) {
    super();
  }
}

@CommandHandler(AnswerQuestion)
export class AnswerQuestionHandler implements ICommandHandler<AnswerQuestion> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, quizId, questionId, chosen, place }: AnswerQuestion): Promise<{ answered: number; total: number }> {
    assertSelf(actor, 'student', studentId);
    // The access check and the questions with the quiz's rules, at once (neither depends on the
    // other). The questions are a read for the rule, not a change: plain SQL, so that the unit of
    // work tracks only the student's quiz (hydrating the quiz and its questions cost a third of the
    // answers per second: `npm run bench`).
    const [access, live] = await Promise.allSettled([assertMayTakeQuiz(this.db, this.queries, studentId, quizId), liveQuestions(this.db, quizId)]);
    // The access refusal first, whatever finished first (as when they ran one after the other).
    if (access.status === 'rejected') throw access.reason;
    if (live.status === 'rejected') throw live.reason;
    const { questions, rules } = live.value;
    const paperQuiz = servesPaper(rules);
    const question = questions.find((q) => q.id === questionId);
    const outcome = await this.store.transaction(
      async (uow) => {
        // One statement for the student's quiz, its attempts (each saying whether it was served on a
        // paper) and the attempt in progress's answers as values (`givenAnswers`: the rules read them,
        // the unit of work need not hydrate and compare them, ADR 0043 item 10), not one per collection.
        const taken =
          (await uow.find(StudentQuiz, { studentId, quizId }, { populate: ['attempts', 'attempts.onPaper', 'givenAnswers'] as const, strategy: 'joined' })) ??
          uow.add(new StudentQuiz(studentId, quizId));
        // An attempt served on a paper answers against it even after the trainer stopped shuffling or
        // drawing (ADR 0045): its paper alone is read then, not every attempt's (ADR 0043 item 11).
        const current = taken.current();
        if (current?.onPaper) await uow.em.populate(current, ['paper']);
        const paper = taken.paper();
        if (paper.length > 0) {
          // A shuffled or drawn attempt answers against its own paper, as it was served (ADR 0045).
          const asked = paper.find((q) => q.questionId === questionId);
          if (!asked) throw new QuestionNotFoundError();
          return { total: paper.length, ...taken.answer(asked.answered, chosen, paper.length, this.clock.now(), place, rules) };
        }
        if (paperQuiz && !taken.current()) throw new ConflictError(NOT_STARTED);
        if (!question) throw new QuestionNotFoundError();
        return { total: questions.length, ...taken.answer(question, chosen, questions.length, this.clock.now(), place, rules) };
      },
      // Two answers at once (two tabs, a retry) queue on the student's quiz: the second finds the
      // first recorded and answers its outcome (never a second attempt, never a spurious conflict).
      { serialize: [studentQuizKey(studentId, quizId)] },
    );
    // The attempt was closed as it stood (saved above); the late answer is refused.
    if (outcome.kind === 'time-up') throw new ConflictError(TIME_UP);
    return { answered: outcome.answered, total: outcome.total };
  }
}
