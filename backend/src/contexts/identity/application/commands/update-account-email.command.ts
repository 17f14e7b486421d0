import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { StudentProfile } from '../../domain/profiles.js';
import { assertIdentityFree, identityUniqueViolation, loadProfileOfAccount } from '../account-repository.js';

/** An admin changes the login e-mail of a student's or trainer's account (PATCH /users/{id}/). */
export class UpdateAccountEmail extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly accountId: number,
    readonly email: string,
  ) {
    super();
  }
}

@CommandHandler(UpdateAccountEmail)
export class UpdateAccountEmailHandler implements ICommandHandler<UpdateAccountEmail> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, accountId, email }: UpdateAccountEmail): Promise<void> {
    assertAdmin(actor);
    await this.store.transaction(
      async (uow) => {
        const profile = await loadProfileOfAccount(uow, accountId);
        await assertIdentityFree(uow.em, email, profile.account.username, accountId);
        if (profile instanceof StudentProfile) profile.updateRecord({ email }, this.clock.now());
        else profile.updateAdminRecord({ email }, this.clock.now());
      },
      { actor, uniqueViolation: identityUniqueViolation },
    );
  }
}
