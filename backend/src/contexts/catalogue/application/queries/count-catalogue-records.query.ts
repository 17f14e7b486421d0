import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountCatalogueRecords } from '../../../identity/contracts/identity.queries.js';

/** Identity's question before removing a person (docs/adr/0015): how many records this context holds about them. */
@QueryHandler(CountCatalogueRecords)
export class CountCatalogueRecordsHandler implements IQueryHandler<CountCatalogueRecords> {
  constructor(private readonly db: Database) {}

  async execute({ person }: CountCatalogueRecords): Promise<number> {
    const sql = person.role === 'student'
      ? `select 0 as n where $1::int is not null`
      : `select count(*)::int as n from catalogue.course where teacher_id = $1`;
    const row = await this.db.one<{ n: number }>(sql, [person.profileId]);
    return row?.n ?? 0;
  }
}
