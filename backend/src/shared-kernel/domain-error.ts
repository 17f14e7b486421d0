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

/**
 * A write that lost a race with others at the same moment, more times than the server runs it
 * again (docs/adr/0022): nothing was stored, and the same request sent again a moment later will
 * pass. The only 409 a client retries: it carries the code `conflit_concurrent` and Retry-After.
 */
export class ConcurrentWriteError extends ConflictError {
  static readonly code = 'conflit_concurrent';
  readonly code = ConcurrentWriteError.code;
  /** Seconds after which the request may be sent again (the Retry-After header). */
  readonly retryAfterSeconds = 1;

  constructor(message = 'D’autres enregistrements ont lieu au même moment : réessayez dans un instant.') {
    super(message);
  }
}
