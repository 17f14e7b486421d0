import { QueryBus } from '@nestjs/cqrs';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import { AssertAuditorMayRead } from '../../../identity/contracts/identity.auditors.js';
import { GetClosedProfiles } from '../../../identity/contracts/identity.queries.js';

/**
 * Who may read a learner's documents for a course (issue 26 item 6): an admin, the learner (their
 * own), the course's trainer. Every document in the table is issued (there are no drafts); a
 * replaced one still reads, saying so. A closed account's documents are the admins' only (ADR 0015,
 * as its transcript): the course's trainer no longer reads them. An auditor reads those of their scope.
 */
export async function assertMayRead(queries: QueryBus, actor: Actor, studentId: number, courseId: number): Promise<void> {
  if (actor.role === 'admin') return;
  // An auditor in their scope and before their end date, closed accounts included (docs/adr/0039).
  if (actor.role === 'auditor') return queries.execute(new AssertAuditorMayRead(actor, courseId));
  if (actor.role === 'student' && actor.profileId === studentId) return;
  if (actor.role === 'teacher') {
    const owner = await queries.execute(new GetCourseOwner(courseId)).catch(() => null);
    if (owner?.teacher_id === actor.profileId && !(await queries.execute(new GetClosedProfiles('student', [studentId]))).has(studentId)) return;
  }
  throw new ForbiddenError('Vous ne pouvez consulter que vos propres documents, ou ceux des apprenants de vos cours.');
}
