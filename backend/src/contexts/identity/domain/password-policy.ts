import { IDENTITY_MESSAGES, WeakPasswordError } from './identity.errors.js';

/** CNIL's recommendation for a password-only login with throttling: at least 12 characters. */
export const MIN_PASSWORD_LENGTH = 12;

export function assertAcceptablePassword(password: string | undefined | null): string {
  if (!password || password.trim() === '') throw new WeakPasswordError(IDENTITY_MESSAGES.passwordEmpty);
  if ([...password].length < MIN_PASSWORD_LENGTH) throw new WeakPasswordError();
  return password;
}
