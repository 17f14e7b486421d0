import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { PageRequest } from '../../../../platform/http/paging.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { UserView } from './record-views.js';

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
  @ApiProperty() prenom!: string;
  @ApiProperty() nom!: string;
  @ApiProperty({ description: 'Le téléphone (mobile_no)' }) telephone!: string;
  @ApiProperty({ description: 'Lien Calendly, vide si non renseigné' }) calendly!: string;
  @ApiProperty({ enum: ['pending', 'accepted', 'refused'], description: 'La décision du centre (ADR 0030)' }) approval!: 'pending' | 'accepted' | 'refused';
  @ApiProperty({ type: String, nullable: true, description: 'La raison d’un refus' }) refusal_reason!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Inscription (ISO 8601)' }) registered_at!: string | null;
  @ApiProperty({ type: UserView, description: 'Le compte : id (celui de /users/{id}/), username, email' }) user_read!: UserView;
}

/** Open trainers by name (closed accounts left out), searched on names, e-mail, login and skills (case ignored): admins only. */
export class ListTeachers extends Query<{ results: TeacherListItem[]; count: number }> {
  constructor(
    readonly actor: Actor,
    readonly search: string | undefined,
    readonly page: PageRequest,
    /** Only the trainers waiting for the centre's decision (the requests of the trainers page). */
    readonly approval?: 'pending' | 'accepted' | 'refused',
  ) {
    super();
  }
}

@QueryHandler(ListTeachers)
export class ListTeachersHandler implements IQueryHandler<ListTeachers> {
  constructor(private readonly db: Database) {}

  async execute({ actor, search, page, approval }: ListTeachers): Promise<{ results: TeacherListItem[]; count: number }> {
    assertAdmin(actor);
    // LIKE's wildcards in the search are text, not patterns.
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await this.db.query<TeacherListItem & { total: number }>(
      `select t.id, t.full_name, a.email, a.username, t.qualification, t.mobile_no, t.skills, t.profile_img, a.is_active,
              t.prenom, t.nom, t.mobile_no as telephone, t.calendly, t.approval, t.refusal_reason, a.created_at as registered_at,
              json_build_object('id', a.id, 'username', a.username, 'email', a.email) as user_read,
              count(*) over ()::int as total
         from identity.teacher t join identity.account a on a.id = t.account_id
        where a.closed_at is null
          and ($1::text is null or (t.full_name || ' ' || a.email || ' ' || a.username || ' ' || t.skills) ilike $1)
          and ($4::text is null or t.approval = $4)
        order by t.full_name, t.id
        limit $2 offset $3`,
      [pattern, page.pageSize, (page.page - 1) * page.pageSize, approval ?? null],
    );
    return { results: rows.map(({ total: _total, ...row }) => row), count: rows[0]?.total ?? 0 };
  }
}
