import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, ConflictError, type Actor } from '../../../../shared-kernel/index.js';
import { COURSE_NOT_DONE, CourseProgress } from '../../domain/course-progress.aggregate.js';
import { assertLearner, coursePlan, progressWriters } from '../progress-access.js';

/** The student finishes the course ('Terminer le cours'): only once every step is validated. */
export class CompleteCourse extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@CommandHandler(CompleteCourse)
export class CompleteCourseHandler implements ICommandHandler<CompleteCourse> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId }: CompleteCourse): Promise<void> {
    await assertLearner(this.queries, actor, studentId, courseId);
    const { order } = await coursePlan(this.queries, courseId);
    await this.store.transaction(
      async (uow) => {
        const progress = await uow.load(CourseProgress, { studentId, courseId }, () => new ConflictError(COURSE_NOT_DONE), { populate: ['steps'] });
        progress.complete(order, this.clock.now());
      },
      progressWriters(studentId, courseId),
    );
  }
}
