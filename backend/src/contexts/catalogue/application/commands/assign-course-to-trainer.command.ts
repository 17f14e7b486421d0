import { LockMode } from '@mikro-orm/core';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { GetTeacherProfile } from '../../../identity/contracts/identity.queries.js';
import { CourseNotFoundError } from '../../domain/catalogue.errors.js';
import { Course } from '../../domain/course.aggregate.js';

/** An admin gives a course without a trainer to a trainer (POST /formateur/{id}/assign-course/); refused when it has one. */
export class AssignCourseToTrainer extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@CommandHandler(AssignCourseToTrainer)
export class AssignCourseToTrainerHandler implements ICommandHandler<AssignCourseToTrainer> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, teacherId, courseId }: AssignCourseToTrainer): Promise<void> {
    assertAdmin(actor);
    const { approval } = await this.queries.execute(new GetTeacherProfile('system', teacherId));
    await this.store.transaction(async (uow) => {
      const course = await uow.load(Course, { id: courseId }, () => new CourseNotFoundError(), { lockMode: LockMode.PESSIMISTIC_WRITE });
      course.assignTrainer(teacherId, this.clock.now(), approval === 'accepted');
    }, { actor });
  }
}
