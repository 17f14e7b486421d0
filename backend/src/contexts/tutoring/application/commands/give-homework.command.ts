import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { Homework } from '../../domain/homework.aggregate.js';
import { assertPairOpen, CLOSED_FOR_HOMEWORK, follows } from '../tutoring-access.js';

/** A trainer (or an admin, in their name) gives homework to a student the trainer follows. */
export class GiveHomework extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly studentId: number,
    readonly title: string,
    readonly detail: string,
    /** The due date (docs/adr/0044), or null. */
    readonly dueAt: Date | null = null,
  ) {
    super();
  }
}

@CommandHandler(GiveHomework)
export class GiveHomeworkHandler implements ICommandHandler<GiveHomework> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, teacherId, studentId, title, detail, dueAt }: GiveHomework): Promise<number> {
    assertSelfOrAdmin(actor, 'teacher', teacherId);
    await assertPairOpen(this.queries, teacherId, studentId, CLOSED_FOR_HOMEWORK);
    const following = await follows(this.db, teacherId, studentId);
    return this.store.transaction(async (uow) => {
      const homework = uow.add(new Homework(teacherId, studentId));
      homework.give(title, detail, this.clock.now(), following, dueAt);
      return () => homework.id;
    });
  }
}
