import { ForbiddenError, type Actor } from '../../../shared-kernel/index.js';

export const NOT_YOUR_COURSE = "Ce cours n'est pas le vôtre : vous ne pouvez pas le modifier.";

/** The authoring rule, for writes (the Course aggregate) and reads alike: admins, and the course's own trainer. */
export function isAuthor(actor: Actor, teacherId: number | null): boolean {
  return actor.role === 'admin' || (actor.role === 'teacher' && teacherId !== null && teacherId === actor.profileId);
}

export function assertAuthor(actor: Actor, teacherId: number | null): void {
  if (!isAuthor(actor, teacherId)) throw new ForbiddenError(NOT_YOUR_COURSE);
}
