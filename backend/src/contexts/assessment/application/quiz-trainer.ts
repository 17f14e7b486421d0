import type { QueryBus } from '@nestjs/cqrs';
import { ForbiddenError, InvalidInputError, NotFoundError, type Actor } from '../../../shared-kernel/index.js';
import { GetTeacherProfile } from '../../identity/contracts/identity.queries.js';

export const TRAINER_MISSING = 'Identifiant formateur manquant.';
export const TRAINER_INVALID = 'Identifiant formateur invalide.';

/** Whose quiz a form creates: a trainer's own (the id is required, the spec's check); an admin's choice, or nobody. */
export async function quizTrainer(queries: QueryBus, actor: Actor, teacher: number | undefined): Promise<number | null> {
  if (actor.role === 'teacher') {
    if (teacher === undefined) throw new InvalidInputError(TRAINER_MISSING, 'teacher');
    if (teacher !== actor.profileId) throw new ForbiddenError('Vous ne pouvez créer un quiz que pour vous-même.');
    return teacher;
  }
  if (actor.role !== 'admin') throw new ForbiddenError('Seuls les formateurs et les administrateurs créent des quiz.');
  if (teacher === undefined) return null;
  try {
    await queries.execute(new GetTeacherProfile('system', teacher));
    return teacher;
  } catch (error) {
    if (error instanceof NotFoundError) throw new InvalidInputError(TRAINER_INVALID, 'teacher');
    throw error;
  }
}
