import type { QueryBus } from '@nestjs/cqrs';
import { ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import { GetCourseOwner } from '../../../catalogue/contracts/catalogue.queries.js';
import { AssertAuditorMayRead } from '../../../identity/contracts/identity.auditors.js';
import type { DossierActorRole } from '../../contracts/dossier.events.js';

export const DOSSIER_MESSAGES = {
  learnersRefused: 'Les dossiers de preuves sont réservés aux administrateurs et au formateur du cours ; vos documents émis sont dans votre relevé.',
  notYourCourse: 'Vous ne pouvez générer ou télécharger que les dossiers des apprenants de vos cours.',
  notFound: 'Dossier de preuves introuvable.',
  noLearner: 'Aucun apprenant ne correspond à ce choix pour ce cours.',
};

/**
 * Who generates and downloads a course's dossiers (docs/adr/0036): an admin, the course's trainer,
 * an auditor while the course is in their scope and their access lives (docs/adr/0039: identity's
 * rule, a French 403 otherwise; the auditor's route records the access before it asks).
 * Learners get their issued documents, not the dossier (the issue gives them the documents only).
 */
export async function assertMayHandleDossiers(queries: QueryBus, actor: Actor, courseId: number): Promise<DossierActorRole> {
  if (actor.role === 'admin') return 'admin';
  if (actor.role === 'auditor') {
    await queries.execute(new AssertAuditorMayRead(actor, courseId));
    return 'auditor';
  }
  if (actor.role === 'teacher') {
    const owner = await queries.execute(new GetCourseOwner(courseId));
    if (owner.teacher_id === actor.profileId) return 'teacher';
    throw new ForbiddenError(DOSSIER_MESSAGES.notYourCourse);
  }
  throw new ForbiddenError(DOSSIER_MESSAGES.learnersRefused);
}
