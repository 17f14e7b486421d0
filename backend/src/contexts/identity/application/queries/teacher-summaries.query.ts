import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';

export interface TeacherSummary {
  id: number;
  full_name: string;
  profile_img: string | null;
}

/** Names and photos of trainers, for other contexts' lists (suspended trainers included: history stays readable). */
export class GetTeacherSummaries {
  constructor(readonly teacherIds: readonly number[]) {}
}

@QueryHandler(GetTeacherSummaries)
export class GetTeacherSummariesHandler implements IQueryHandler<GetTeacherSummaries, Map<number, TeacherSummary>> {
  constructor(private readonly db: Database) {}

  async execute({ teacherIds }: GetTeacherSummaries): Promise<Map<number, TeacherSummary>> {
    if (teacherIds.length === 0) return new Map();
    const rows = await this.db.query<TeacherSummary>(`select id, full_name, profile_img from identity.teacher where id = any($1::int[])`, [
      [...new Set(teacherIds)],
    ]);
    return new Map(rows.map((row) => [row.id, row]));
  }
}
