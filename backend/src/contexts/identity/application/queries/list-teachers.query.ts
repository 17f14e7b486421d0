import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { PageRequest } from '../../../../platform/http/paging.js';
import type { Actor } from '../../../../shared-kernel/index.js';

/** A trainer as the back office lists them (and its trainer select offers them). */
export class TeacherListItem {
  @ApiProperty() id!: number;
  @ApiProperty() full_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() username!: string;
  @ApiProperty() qualification!: string;
  @ApiProperty() mobile_no!: string;
  @ApiProperty() skills!: string;
  @ApiProperty({ type: String, nullable: true }) profile_img!: string | null;
  @ApiProperty() is_active!: boolean;
}

/** Trainers by name, searched on name, e-mail and skills (case ignored): admins only. */
export class ListTeachers extends Query<{ results: TeacherListItem[]; count: number }> {
  constructor(
    readonly actor: Actor,
    readonly search: string | undefined,
    readonly page: PageRequest,
  ) {
    super();
  }
}

@QueryHandler(ListTeachers)
export class ListTeachersHandler implements IQueryHandler<ListTeachers> {
  constructor(private readonly db: Database) {}

  async execute({ actor, search, page }: ListTeachers): Promise<{ results: TeacherListItem[]; count: number }> {
    assertAdmin(actor);
    // LIKE's wildcards in the search are text, not patterns.
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await this.db.query<TeacherListItem & { total: number }>(
      `select t.id, t.full_name, a.email, a.username, t.qualification, t.mobile_no, t.skills, t.profile_img, a.is_active,
              count(*) over ()::int as total
         from identity.teacher t join identity.account a on a.id = t.account_id
        where $1::text is null
           or (t.full_name || ' ' || a.email || ' ' || t.skills) ilike $1
        order by t.full_name, t.id
        limit $2 offset $3`,
      [pattern, page.pageSize, (page.page - 1) * page.pageSize],
    );
    return { results: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
  }
}
