import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { AccountClosedError, StudentNotFoundError, TeacherNotFoundError } from '../../domain/identity.errors.js';
import { removalPlan, type PersonToRemove, type RemovalPlan } from '../removal-plan.js';

/** What removing the person would do, for the confirmation dialog (GET …/removal). */
export class DescribeRemoval extends Query<RemovalPlan> {
  constructor(
    readonly actor: Actor,
    readonly person: PersonToRemove,
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
