import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountTutoringRecords } from '../../../identity/contracts/identity.queries.js';

/** Identity's question before removing a person (docs/adr/0015): how many records this context holds about them (support requests and a trainer's answers included: docs/adr/0037). */
@QueryHandler(CountTutoringRecords)
export class CountTutoringRecordsHandler implements IQueryHandler<CountTutoringRecords> {
  constructor(private readonly db: Database) {}

  async execute({ person }: CountTutoringRecords): Promise<number> {
    const sql = person.role === 'student'
      ? `select ((select count(*) from tutoring.tutorship where student_id = $1) + (select count(*) from tutoring.conversation where student_id = $1) + (select count(*) from tutoring.homework where student_id = $1) + (select count(*) from tutoring.support_request where student_id = $1))::int as n`
      : `select ((select count(*) from tutoring.tutorship where teacher_id = $1) + (select count(*) from tutoring.conversation where teacher_id = $1) + (select count(*) from tutoring.homework where teacher_id = $1) + (select count(*) from tutoring.support_answer where author_role = 'teacher' and author_id = $1))::int as n`;
    const row = await this.db.one<{ n: number }>(sql, [person.profileId]);
    return row?.n ?? 0;
  }
}
