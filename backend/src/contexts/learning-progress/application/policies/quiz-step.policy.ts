import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Policy, RecordedEvent } from '../../../../platform/event-log/index.js';
import { NotFoundError } from '../../../../shared-kernel/index.js';
import type { QuizCompleted, QuizValidatedByTrainer } from '../../../assessment/contracts/assessment.events.js';
import { ValidateQuizStep } from '../commands/validate-quiz-step.command.js';

type QuizCompletedFact =
  | RecordedEvent<QuizCompleted['type'], QuizCompleted['payload']>
  | RecordedEvent<QuizValidatedByTrainer['type'], QuizValidatedByTrainer['payload']>;

/**
 * A quiz completed from the player's quiz step validates that step when it reached the quiz's pass
 * mark, or a trainer validated it by hand (ADR 0043): a reaction to assessment's events, not a call across contexts.
 */
@Injectable()
export class QuizStepPolicy implements Policy<QuizCompletedFact> {
  readonly name = 'learning-progress.quiz-step';
  readonly handles = ['QuizCompleted', 'QuizValidatedByTrainer'] as const;

  constructor(private readonly commands: CommandBus) {}

  async handle(event: QuizCompletedFact): Promise<void> {
    // Below the pass mark: no validation (events written before pass marks have no `passed`: they passed).
    if (event.type === 'QuizCompleted' && event.payload.passed === false) return;
    const { studentId, quizId, attempt, score, total, courseId, chapterId, subchapterId } = event.payload;
    if (courseId === null || (chapterId === null && subchapterId === null)) return;
    const step = subchapterId !== null ? { kind: 'subchapter' as const, id: subchapterId } : { kind: 'chapter' as const, id: chapterId! };
    try {
      await this.commands.execute(new ValidateQuizStep(studentId, courseId, step, { quizId, score, total, attempt }));
    } catch (error) {
      // A course removed since: nothing to validate (retrying would block the policy).
      if (error instanceof NotFoundError) return;
      throw error;
    }
  }
}
