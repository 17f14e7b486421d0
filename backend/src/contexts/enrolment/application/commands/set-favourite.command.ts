import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelf } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { GetCourseTitle } from '../../../catalogue/contracts/catalogue.queries.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';

/** A student adds a course to their favourites, or removes it (both idempotent). */
export class SetFavourite extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly favourite: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetFavourite)
export class SetFavouriteHandler implements ICommandHandler<SetFavourite> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, courseId, favourite }: SetFavourite): Promise<void> {
    assertSelf(actor, 'student', studentId);
    // A draft cannot be added (docs/adr/0030); one that went back to draft can still be removed.
    await this.queries.execute(new GetCourseTitle(courseId, favourite));
    await this.store.transaction(async (uow) => {
      const link = (await uow.find(StudentCourse, { studentId, courseId })) ?? uow.add(new StudentCourse(studentId, courseId));
      if (favourite) link.favourite(this.clock.now());
      else link.unfavourite();
    }, { actor });
  }
}
