import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountQualityRecords } from '../../../identity/contracts/identity.queries.js';

/**
 * Identity's question before removing a person (docs/adr/0015): the complaints they filed while
 * signed in. A person who filed one is closed, not erased, so the register keeps their name.
 */
@QueryHandler(CountQualityRecords)
export class CountQualityRecordsHandler implements IQueryHandler<CountQualityRecords> {
  constructor(private readonly db: Database) {}

  async execute({ person }: CountQualityRecords): Promise<number> {
    const row = await this.db.one<{ n: number }>(`select count(*)::int as n from quality.complaint where filer_kind = $1 and filer_id = $2`, [person.role, person.profileId]);
    return row?.n ?? 0;
  }
}
