import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { CountAssessmentRecords } from '../../../identity/contracts/identity.queries.js';

/** Identity's question before removing a person (docs/adr/0015): how many records this context holds about them. */
@QueryHandler(CountAssessmentRecords)
export class CountAssessmentRecordsHandler implements IQueryHandler<CountAssessmentRecords> {
  constructor(private readonly db: Database) {}

  async execute({ person }: CountAssessmentRecords): Promise<number> {
    const sql = person.role === 'student'
      ? `select count(*)::int as n from assessment.student_quiz where student_id = $1`
      : `select ((select count(*) from assessment.quiz where teacher_id = $1) + (select count(*) from assessment.bank_question where teacher_id = $1))::int as n`;
    const row = await this.db.one<{ n: number }>(sql, [person.profileId]);
    return row?.n ?? 0;
  }
}
