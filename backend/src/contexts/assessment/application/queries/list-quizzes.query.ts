import { IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import type { QuizView } from './assessment.views.js';
import { QUIZ_SELECT } from './quiz.sql.js';
import { withTeacherNames } from './quiz-reads.js';

/** Live quizzes, newest first: a trainer's own (or `teacherId`'s, for an admin), every quiz for an admin; searched by title. */
export class ListQuizzes extends Query<QuizView[]> {
  constructor(
    readonly actor: Actor,
    readonly filter: { teacherId?: number; search?: string } = {},
  ) {
    super();
  }
}

@QueryHandler(ListQuizzes)
export class ListQuizzesHandler implements IQueryHandler<ListQuizzes> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, filter }: ListQuizzes): Promise<QuizView[]> {
    let teacherId = filter.teacherId;
    if (teacherId !== undefined) assertSelfOrAdmin(actor, 'teacher', teacherId);
    else if (actor.role === 'teacher') teacherId = actor.profileId;
    else if (actor.role !== 'admin') throw new ForbiddenError('Les quiz se gèrent depuis l’espace formateur ou l’administration.');
    const search = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await this.db.query<Omit<QuizView, 'teacher_name'>>(
      `${QUIZ_SELECT} and ($1::int is null or q.teacher_id = $1) and ($2::text is null or q.title ilike $2) order by q.id desc`,
      [teacherId ?? null, search],
    );
    return withTeacherNames(this.queries, rows);
  }
}
