import { QueryBus } from '@nestjs/cqrs';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';

/**
 * Who may read a learner's documents for a course (issue 26 item 6): an admin, the learner (their
 * own), the course's trainer. Every document in the table is issued (there are no drafts); a
 * replaced one still reads, saying so.
 */
export async function assertMayRead(queries: QueryBus, actor: Actor, studentId: number, courseId: number): Promise<void> {
  if (actor.role === 'admin') return;
  if (actor.role === 'student' && actor.profileId === studentId) return;
  if (actor.role === 'teacher') {
    const owner = await queries.execute(new GetCourseOwner(courseId)).catch(() => null);
    if (owner?.teacher_id === actor.profileId) return;
  }
  throw new ForbiddenError('Vous ne pouvez consulter que vos propres documents, ou ceux des apprenants de vos cours.');
}
