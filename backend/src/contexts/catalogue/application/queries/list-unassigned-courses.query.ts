import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';

export class UnassignedCourse {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
}

export class UnassignedCourses {
  @ApiProperty({ type: [UnassignedCourse] }) results!: UnassignedCourse[];
  @ApiProperty() count!: number;
}

/** The live courses no trainer teaches yet, by title: what an admin may give a trainer. */
export class ListUnassignedCourses extends Query<UnassignedCourses> {
  constructor(readonly actor: Actor) {
    super();
  }
}

@QueryHandler(ListUnassignedCourses)
export class ListUnassignedCoursesHandler implements IQueryHandler<ListUnassignedCourses> {
  constructor(private readonly db: Database) {}

  async execute({ actor }: ListUnassignedCourses): Promise<UnassignedCourses> {
    assertAdmin(actor);
    const results = await this.db.query<UnassignedCourse>(
      `select id, title from catalogue.course where teacher_id is null and archived_at is null order by lower(title), id`,
    );
    return { results, count: results.length };
  }
}
