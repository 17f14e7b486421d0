import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { PageRequest } from '../../../../platform/http/paging.js';
import { NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { progressPage, sessionOfFilter, type ProgressFilter, type ProgressRow } from '../progress-rows.js';

/** A filter naming a session that does not exist: refused, not an empty list. */
export const SESSION_NOT_FOUND = 'Session de formation introuvable.';

/** One page of the progress list (admins). */
export class ListProgress extends Query<{ results: ProgressRow[]; count: number }> {
  constructor(
    readonly actor: Actor,
    readonly filter: ProgressFilter,
    readonly page: PageRequest,
  ) {
    super();
  }
}

@QueryHandler(ListProgress)
export class ListProgressHandler implements IQueryHandler<ListProgress> {
  constructor(private readonly db: Database) {}

  async execute({ actor, filter, page }: ListProgress): Promise<{ results: ProgressRow[]; count: number }> {
    assertAdmin(actor);
    if (filter.sessionId !== undefined && !(await sessionOfFilter(this.db, filter.sessionId))) throw new NotFoundError(SESSION_NOT_FOUND);
    return progressPage(this.db, filter, page);
  }
}
