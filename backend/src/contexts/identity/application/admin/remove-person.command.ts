import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { Database } from '../../../../platform/database/database.js';
import { AccountClosedError, StudentNotFoundError, TeacherNotFoundError } from '../../domain/identity.errors.js';
import { loadProfile } from '../account-repository.js';
import { removalPlan, type RemovalPlan } from './removal.js';

type Person = { role: 'student' | 'teacher'; profileId: number };

/** What removing the person would do, for the confirmation dialog (GET …/removal). */
export class DescribeRemoval extends Query<RemovalPlan> {
  constructor(
    readonly actor: Actor,
    readonly person: Person,
  ) {
    super();
  }
}

@QueryHandler(DescribeRemoval)
export class DescribeRemovalHandler implements IQueryHandler<DescribeRemoval> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, person }: DescribeRemoval): Promise<RemovalPlan> {
    assertAdmin(actor);
    const table = person.role === 'student' ? 'identity.student' : 'identity.teacher';
    const row = await this.db.one<{ closed_at: Date | null }>(`select a.closed_at from ${table} p join identity.account a on a.id = p.account_id where p.id = $1`, [person.profileId]);
    if (!row) throw person.role === 'student' ? new StudentNotFoundError() : new TeacherNotFoundError();
    if (row.closed_at) throw new AccountClosedError();
    return removalPlan(this.queries, person);
  }
}

/**
 * An admin removes a student or trainer (DELETE /admin/students/{id}/, /formateur/{id}/): with
 * records anywhere the account is closed and the history kept; without any, the rows are deleted.
 */
export class RemovePerson extends Command<RemovalPlan> {
  constructor(
    readonly actor: Actor,
    readonly person: Person,
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
