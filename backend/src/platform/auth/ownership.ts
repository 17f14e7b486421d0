import { Actor, ForbiddenError, Role } from '../../shared-kernel/index.js';

export const NOT_YOURS = "Vous n'avez pas accès à cette ressource.";

/** An admin reaches everything; anyone else only the profile of their own role and id. */
export function assertSelfOrAdmin(actor: Actor, role: Role, profileId: number): void {
  if (actor.role === 'admin') return;
  if (actor.role === role && actor.profileId === profileId) return;
  throw new ForbiddenError(NOT_YOURS);
}

export function assertSelf(actor: Actor, role: Role, profileId: number): void {
  if (actor.role === role && actor.profileId === profileId) return;
  throw new ForbiddenError(NOT_YOURS);
}

/** Back-office actions: admins only, whatever the route's guard says. */
export function assertAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw new ForbiddenError(NOT_YOURS);
}
