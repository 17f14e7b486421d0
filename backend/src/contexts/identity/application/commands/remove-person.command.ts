import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { AccountClosedError } from '../../domain/identity.errors.js';
import { loadProfile } from '../account-repository.js';
import { removalPlan, type PersonToRemove, type RemovalPlan } from '../removal-plan.js';

/**
 * An admin removes a student or trainer (DELETE /admin/students/{id}/, /formateur/{id}/): with
 * records anywhere the account is closed and the history kept; without any, the rows are deleted.
 */
export class RemovePerson extends Command<RemovalPlan> {
  constructor(
    readonly actor: Actor,
    readonly person: PersonToRemove,
  ) {
    super();
  }
}

@CommandHandler(RemovePerson)
export class RemovePersonHandler implements ICommandHandler<RemovePerson> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, person }: RemovePerson): Promise<RemovalPlan> {
    assertAdmin(actor);
    return this.store.transaction(
      async (uow) => {
        // Locked: two removals of the same person do not both decide.
        const profile = await loadProfile(uow, person.role, person.profileId);
        await uow.em.execute(`select id from identity.account where id = ? for update`, [profile.account.id]);
        if (profile.account.closedAt) throw new AccountClosedError();
        const plan = await removalPlan(this.queries, person);
        if (plan.mode === 'close') {
          profile.close(this.clock.now(), plan.reasons.map((r) => r.code));
        } else {
          profile.delete();
          uow.uploads.supersede(profile.profileImg);
          uow.em.remove(profile);
          uow.em.remove(profile.account);
        }
        return plan;
      },
      { actor },
    );
  }
}
