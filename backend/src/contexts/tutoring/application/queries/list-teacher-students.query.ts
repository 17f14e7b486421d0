import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { PageRequest } from '../../../../platform/http/paging.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { SearchStudents } from '../../../identity/contracts/identity.queries.js';
import { assertTeacherExists, followedStudentIds } from '../tutoring-access.js';
import type { TeacherStudent } from './tutoring.views.js';

/** The admin's student picker for a trainer: the students they follow, or those they do not, searched and paged. */
export class ListTeacherStudents extends Query<{ results: TeacherStudent[]; count: number }> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly followed: boolean,
    readonly search: string | undefined,
    readonly page: PageRequest,
  ) {
    super();
  }
}

@QueryHandler(ListTeacherStudents)
export class ListTeacherStudentsHandler implements IQueryHandler<ListTeacherStudents> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, teacherId, followed, search, page }: ListTeacherStudents): Promise<{ results: TeacherStudent[]; count: number }> {
    assertAdmin(actor);
    await assertTeacherExists(this.queries, teacherId);
    const ids = await followedStudentIds(this.db, teacherId);
    return this.queries.execute(new SearchStudents(search, followed ? { only: ids } : { except: ids }, page));
  }
}
