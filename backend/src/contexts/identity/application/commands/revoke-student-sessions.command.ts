import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { loadProfile } from '../account-repository.js';

/** An admin closes every session of a student (the spec's blacklist call). */
export class RevokeStudentSessions extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
  ) {
    super();
  }
}

@CommandHandler(RevokeStudentSessions)
export class RevokeStudentSessionsHandler implements ICommandHandler<RevokeStudentSessions> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId }: RevokeStudentSessions): Promise<void> {
    assertAdmin(actor);
    await this.store.transaction(async (uow) => (await loadProfile(uow, 'student', studentId)).revokeSessions(this.clock.now()), { actor });
  }
}
