import { ConflictError } from './domain-error.js';

/** A creation's request key (ADR 0022) sent by someone other than the one who first used it. */
export const REQUEST_KEY_TAKEN = 'Cette demande a déjà été envoyée par quelqu’un d’autre : rechargez la page et recommencez.';

/**
 * What a creation sent again with its request key answers: the record it made, when the same owner
 * sends it; a 409 in French when the key is someone else's (never their record).
 */
export function knownByKey<T>(known: T | null, sameOwner: (known: T) => boolean): T | null {
  if (known === null) return null;
  if (!sameOwner(known)) throw new ConflictError(REQUEST_KEY_TAKEN, 'request_key');
  return known;
}
