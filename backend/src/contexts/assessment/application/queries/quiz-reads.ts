import type { QueryBus } from '@nestjs/cqrs';
import type { Database } from '../../../../platform/database/database.js';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { GetTeacherSummaries } from '../../../identity/contracts/identity.queries.js';
import { QuizNotFoundError } from '../../domain/assessment.errors.js';
import type { QuizView } from './assessment.views.js';

/** A live quiz, if the actor authors it (admins, its trainer): 404 otherwise, 403 when it is someone else's. */
export async function authoredQuiz(db: Database, actor: Actor, quizId: number): Promise<{ id: number; teacher_id: number | null }> {
  const quiz = await db.one<{ id: number; teacher_id: number | null }>('select id, teacher_id from assessment.quiz where id = $1 and archived_at is null', [quizId]);
  if (!quiz) throw new QuizNotFoundError();
  if (actor.role !== 'admin' && !(actor.role === 'teacher' && quiz.teacher_id === actor.profileId)) throw new ForbiddenError("Ce quiz n'est pas le vôtre.");
  return quiz;
}

/** Adds the trainers' names (identity's query) to quiz rows. */
export async function withTeacherNames(queries: QueryBus, rows: Omit<QuizView, 'teacher_name'>[]): Promise<QuizView[]> {
  const teachers = await queries.execute(new GetTeacherSummaries(rows.flatMap((r) => (r.teacher === null ? [] : [r.teacher]))));
  return rows.map((row) => ({ ...row, teacher_name: (row.teacher !== null && teachers.get(row.teacher)?.full_name) || null }));
}
