import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import type { StepKind } from '../../contracts/learning-progress.events.js';
import { CourseProgress } from '../../domain/course-progress.aggregate.js';
import { contentOf, coursePlan, progressWriters } from '../progress-access.js';

/**
 * A quiz taken from the player's quiz step was completed (the quiz-step policy): the step is
 * validated if it is open and names that quiz. A locked step stays as it is; its evidence waits
 * in the quiz-completion projection until the step is opened.
 */
export class ValidateQuizStep extends Command<boolean> {
  constructor(
    readonly studentId: number,
    readonly courseId: number,
    readonly step: { kind: StepKind; id: number },
    readonly completion: { quizId: number; score: number; total: number; attempt: number },
  ) {
    super();
  }
}

@CommandHandler(ValidateQuizStep)
export class ValidateQuizStepHandler implements ICommandHandler<ValidateQuizStep> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ studentId, courseId, step, completion }: ValidateQuizStep): Promise<boolean> {
    const plan = await coursePlan(this.queries, courseId);
    const found = plan.order.find((s) => s.kind === step.kind && s.id === step.id);
    const info = found && plan.info.get(`${found.kind}:${found.id}`);
    if (!found || !info || info.content_type !== 'quiz' || info.quiz_id !== completion.quizId) return false;
    return this.store.transaction(
      async (uow) => {
        const now = this.clock.now();
        const progress = (await uow.find(CourseProgress, { studentId, courseId }, { populate: ['steps'] })) ?? uow.add(new CourseProgress(studentId, courseId, now));
        return progress.quizCompleted(plan.order, found, contentOf(info), completion, now);
      },
      progressWriters(studentId, courseId),
    );
  }
}
