import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock, Role } from '../../../../shared-kernel/index.js';
import { loadProfile } from '../account-repository.js';

/** An admin suspends an account (closing every session at once) or reactivates it; returns the new state. */
export class ToggleAccountActive extends Command<boolean> {
  constructor(
    readonly actor: Actor,
    readonly role: Extract<Role, 'student' | 'teacher'>,
    readonly profileId: number,
  ) {
    super();
  }
}

@CommandHandler(ToggleAccountActive)
export class ToggleAccountActiveHandler implements ICommandHandler<ToggleAccountActive> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  execute({ actor, role, profileId }: ToggleAccountActive): Promise<boolean> {
    assertAdmin(actor);
    return this.store.transaction(async (uow) => (await loadProfile(uow, role, profileId)).toggleActive(this.clock.now()), { actor });
  }
}
