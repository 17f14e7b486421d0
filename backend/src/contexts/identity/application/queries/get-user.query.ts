import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { UserNotFoundError } from '../../domain/identity.errors.js';
import type { UserView } from './record-views.js';

/** The login of a student's or trainer's account (GET /users/{id}/). */
export class GetUser extends Query<UserView> {
  constructor(
    readonly actor: Actor,
    readonly accountId: number,
  ) {
    super();
  }
}

@QueryHandler(GetUser)
export class GetUserHandler implements IQueryHandler<GetUser> {
  constructor(private readonly db: Database) {}

  async execute({ actor, accountId }: GetUser): Promise<UserView> {
    assertAdmin(actor);
    const row = await this.db.one<UserView>(`select id, username, email from identity.account where id = $1 and role in ('student', 'teacher')`, [accountId]);
    if (!row) throw new UserNotFoundError();
    return row;
  }
}
