import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { SearchStudents, type StudentListItem } from '../../contracts/identity.queries.js';
import { studentRecordOrder } from '../../contracts/identity.read-models.js';

@QueryHandler(SearchStudents)
export class SearchStudentsHandler implements IQueryHandler<SearchStudents> {
  constructor(private readonly db: Database) {}

  async execute({ search, scope, page }: SearchStudents): Promise<{ results: StudentListItem[]; count: number }> {
    if (scope.only && scope.only.length === 0) return { results: [], count: 0 };
    // LIKE's wildcards in the search are text, not patterns.
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await this.db.query<StudentListItem & { total: number }>(
      `select s.id, s.fullname, a.email, a.username, s.profile_img, s.interested_categories as interseted_categories, a.is_active,
              count(*) over ()::int as total
         from identity.student s join identity.account a on a.id = s.account_id
        where a.closed_at is null
          and ($1::text is null or s.search_text like lower($1))
          and ($2::int[] is null or s.id = any($2::int[]))
          and ($3::int[] is null or s.id <> all($3::int[]))
        order by ${studentRecordOrder('s')}
        limit $4 offset $5`,
      [pattern, scope.only ? [...scope.only] : null, scope.except ? [...scope.except] : null, page.pageSize, (page.page - 1) * page.pageSize],
    );
    return { results: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
  }
}
