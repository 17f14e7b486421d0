import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { GetTeacherSummaries, type TeacherSummary } from '../../contracts/identity.queries.js';

@QueryHandler(GetTeacherSummaries)
export class GetTeacherSummariesHandler implements IQueryHandler<GetTeacherSummaries> {
  constructor(private readonly db: Database) {}

  async execute({ teacherIds }: GetTeacherSummaries): Promise<Map<number, TeacherSummary>> {
    if (teacherIds.length === 0) return new Map();
    const rows = await this.db.query<TeacherSummary>(`select id, full_name, profile_img from identity.teacher where id = any($1::int[])`, [
      [...new Set(teacherIds)],
    ]);
    return new Map(rows.map((row) => [row.id, row]));
  }
}
