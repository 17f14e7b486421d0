import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountEnrolmentRecords } from '../../../identity/contracts/identity.queries.js';

/** Identity's question before removing a person (docs/adr/0015): how many records this context holds about them. */
@QueryHandler(CountEnrolmentRecords)
export class CountEnrolmentRecordsHandler implements IQueryHandler<CountEnrolmentRecords> {
  constructor(private readonly db: Database) {}

  async execute({ person }: CountEnrolmentRecords): Promise<number> {
    // A session a person was in (learner or trainer) stays readable with their name (docs/adr/0050).
    const sql = person.role === 'student'
      ? `select ((select count(*) from enrolment.student_course where student_id = $1) + (select count(*) from enrolment.session_member where role = 'learner' and person_id = $1))::int as n`
      : `select count(*)::int as n from enrolment.session_member where role = 'trainer' and person_id = $1`;
    const row = await this.db.one<{ n: number }>(sql, [person.profileId]);
    return row?.n ?? 0;
  }
}
