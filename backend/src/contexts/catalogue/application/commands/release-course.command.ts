import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { GetTeacherProfile } from '../../../identity/contracts/identity.queries.js';
import { loadCourseForChange } from './load-course.js';

/** « Publier » (docs/adr/0030): the course enters the catalogue when it is ready and its trainer accepted. */
export class ReleaseCourse extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly courseId: number,
  ) {
    super();
  }
}

@CommandHandler(ReleaseCourse)
export class ReleaseCourseHandler implements ICommandHandler<ReleaseCourse> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, courseId }: ReleaseCourse): Promise<void> {
    await this.store.transaction(async (uow) => {
      const course = await loadCourseForChange(uow, actor, courseId);
      // Identity decides whether the trainer was accepted; a course without trainer has none to wait for.
      const accepted = course.teacherId === null || (await this.queries.execute(new GetTeacherProfile('system', course.teacherId))).approval === 'accepted';
      course.publish(actor, accepted, this.clock.now());
    });
  }
}
