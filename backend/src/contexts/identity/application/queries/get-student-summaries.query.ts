import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetStudentSummaries, type StudentSummary } from '../../contracts/identity.queries.js';

@QueryHandler(GetStudentSummaries)
export class GetStudentSummariesHandler implements IQueryHandler<GetStudentSummaries> {
  constructor(private readonly db: Database) {}

  async execute({ studentIds }: GetStudentSummaries): Promise<Map<number, StudentSummary>> {
    if (studentIds.length === 0) return new Map();
    const rows = await this.db.query<StudentSummary>(
      `select s.id, s.fullname, a.email, a.username, s.profile_img, s.interested_categories as interseted_categories
         from identity.student s join identity.account a on a.id = s.account_id where s.id = any($1::int[]) and a.closed_at is null`,
      [[...new Set(studentIds)]],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
}
