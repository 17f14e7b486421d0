/**
 * A broken business rule. Each context names its errors by extending one of these kinds;
 * the HTTP error filter maps the kind to a status and sends the French message as is.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'unauthenticated' | 'too-many-requests';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  readonly kind = 'invalid' as const;
}
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden' as const;
}
export class NotFoundError extends DomainError {
  readonly kind = 'not-found' as const;
}
export class ConflictError extends DomainError {
  readonly kind = 'conflict' as const;
}
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated' as const;
}
export class TooManyRequestsError extends DomainError {
  readonly kind = 'too-many-requests' as const;
}
