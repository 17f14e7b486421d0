import type { QueryBus } from '@nestjs/cqrs';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';

export const DOSSIER_MESSAGES = {
  learnersRefused: 'Les dossiers de preuves sont réservés aux administrateurs et au formateur du cours ; vos documents émis sont dans votre relevé.',
  notYourCourse: 'Vous ne pouvez générer ou télécharger que les dossiers des apprenants de vos cours.',
  notFound: 'Dossier de preuves introuvable.',
  noLearner: 'Aucun apprenant ne correspond à ce choix pour ce cours.',
};

/**
 * Who generates and downloads a course's dossiers (docs/adr/0036): an admin, the course's trainer.
 * Learners get their issued documents, not the dossier (the issue gives them the documents only).
 */
export async function assertMayHandleDossiers(queries: QueryBus, actor: Actor, courseId: number): Promise<'admin' | 'teacher'> {
  if (actor.role === 'admin') return 'admin';
  if (actor.role === 'teacher') {
    const owner = await queries.execute(new GetCourseOwner(courseId));
    if (owner.teacher_id === actor.profileId) return 'teacher';
    throw new ForbiddenError(DOSSIER_MESSAGES.notYourCourse);
  }
  throw new ForbiddenError(DOSSIER_MESSAGES.learnersRefused);
}
