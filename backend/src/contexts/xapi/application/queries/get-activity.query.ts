import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { XapiPrincipal } from '../../domain/principal.js';

/** GET /activities: the activity with the LRS's canonical definition (merged from the statements that carried one). */
export class GetActivity extends Query<Record<string, unknown>> {
  constructor(
    readonly principal: XapiPrincipal,
    readonly activityId: string,
  ) {
    super();
  }
}

@QueryHandler(GetActivity)
export class GetActivityHandler implements IQueryHandler<GetActivity> {
  constructor(private readonly db: Database) {}

  async execute({ activityId }: GetActivity): Promise<Record<string, unknown>> {
    const row = await this.db.one<{ definition: Record<string, unknown> }>(`select definition from xapi.activity where id = $1`, [activityId]);
    return { objectType: 'Activity', id: activityId, ...(row ? { definition: row.definition } : {}) };
  }
}
