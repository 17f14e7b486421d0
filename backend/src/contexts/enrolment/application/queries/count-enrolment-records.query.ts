import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountEnrolmentRecords } from '../../../identity/contracts/identity.queries.js';

/** Identity's question before removing a person (docs/adr/0015): how many records this context holds about them. */
@QueryHandler(CountEnrolmentRecords)
export class CountEnrolmentRecordsHandler implements IQueryHandler<CountEnrolmentRecords> {
  constructor(private readonly db: Database) {}

  async execute({ person }: CountEnrolmentRecords): Promise<number> {
    const sql = person.role === 'student'
      ? `select count(*)::int as n from enrolment.student_course where student_id = $1`
      : `select 0 as n where $1::int is not null`;
    const row = await this.db.one<{ n: number }>(sql, [person.profileId]);
    return row?.n ?? 0;
  }
}
