import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountLearningRecords } from '../../../identity/contracts/identity.queries.js';

/** Identity's question before removing a person (docs/adr/0015): how many records this context holds about them. */
@QueryHandler(CountLearningRecords)
export class CountLearningRecordsHandler implements IQueryHandler<CountLearningRecords> {
  constructor(private readonly db: Database) {}

  async execute({ person }: CountLearningRecords): Promise<number> {
    const sql = person.role === 'student'
      ? `select ((select count(*) from progress.course_progress where student_id = $1) + (select count(*) from (select 1 from progress.beat where student_id = $1 limit 1) b))::int as n`
      : `select 0 as n where $1::int is not null`;
    const row = await this.db.one<{ n: number }>(sql, [person.profileId]);
    return row?.n ?? 0;
  }
}
