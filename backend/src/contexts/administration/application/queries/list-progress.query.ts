import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { PageRequest } from '../../../../platform/http/paging.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { progressPage, type ProgressFilter, type ProgressRow } from '../progress-rows.js';

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

  execute({ actor, filter, page }: ListProgress): Promise<{ results: ProgressRow[]; count: number }> {
    assertAdmin(actor);
    return progressPage(this.db, filter, page);
  }
}
