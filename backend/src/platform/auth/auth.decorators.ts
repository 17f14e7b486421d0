import { applyDecorators, CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth } from '@nestjs/swagger';
import { Actor, ForbiddenError, Role, UnauthenticatedError } from '../../shared-kernel/index.js';

/** Name of the passport strategy that turns a bearer token into an Actor (provided by identity). */
export const ACCESS_TOKEN_STRATEGY = 'access-token';
const ROLES_KEY = 'lms:roles';

@Injectable()
export class AccessTokenGuard extends AuthGuard(ACCESS_TOKEN_STRATEGY) {
  override handleRequest<T>(error: unknown, actor: T): T {
    if (error instanceof Error && !(error instanceof UnauthenticatedError)) throw error;
    if (error || !actor) throw error ?? new UnauthenticatedError('Session expirée ou invalide. Veuillez vous reconnecter.');
    return actor;
  }
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[]>(ROLES_KEY, [context.getHandler(), context.getClass()]) ?? [];
    const actor = context.switchToHttp().getRequest<{ user?: Actor }>().user;
    if (roles.length > 0 && (!actor || !roles.includes(actor.role))) {
      throw new ForbiddenError('Accès refusé : cette action est réservée à un autre profil.');
    }
    // An auditor reaches only the routes that name them (docs/adr/0039): never one open to « any signed-in person ».
    if (roles.length === 0 && actor?.role === 'auditor') throw new ForbiddenError('Accès refusé : un auditeur ne consulte que les pages d’audit.');
    return true;
  }
}

/** The call needs a valid access token, of one of `roles` when given. */
export function Authenticated(...roles: Role[]) {
  return applyDecorators(SetMetadata(ROLES_KEY, roles), UseGuards(AccessTokenGuard, RolesGuard), ApiBearerAuth());
}

export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  return context.switchToHttp().getRequest<{ user: Actor }>().user;
});

@Injectable()
export class OptionalAccessTokenGuard extends AccessTokenGuard {
  override canActivate(context: ExecutionContext) {
    const headers = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers;
    return headers.authorization ? super.canActivate(context) : true;
  }
}

/**
 * The call is public; a bearer token, when sent, must be valid (401 otherwise, so that the client
 * refreshes it) and makes its Actor available.
 */
export function OptionallyAuthenticated() {
  return applyDecorators(UseGuards(OptionalAccessTokenGuard));
}
