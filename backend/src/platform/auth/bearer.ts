import passport from 'passport';
import type { Actor } from '../../shared-kernel/index.js';
import { ACCESS_TOKEN_STRATEGY } from './auth.decorators.js';

/**
 * Checks a request's bearer access token exactly as AccessTokenGuard does (the same passport
 * strategy: signature, expiry, live account and session), for routes that are not Nest handlers
 * (the xAPI resources, registered on Fastify directly). Null when absent or refused.
 */
export function verifyBearer(request: { headers: Record<string, unknown> }): Promise<Actor | null> {
  return new Promise((resolve, reject) => {
    const authenticate = passport.authenticate(ACCESS_TOKEN_STRATEGY, { session: false }, (error: unknown, actor: Actor | false) => {
      if (error && !(error instanceof Error && error.name === 'UnauthenticatedError')) return reject(error instanceof Error ? error : new Error(String(error)));
      resolve(actor || null);
    }) as (req: unknown, res: unknown, next: (error?: unknown) => void) => void;
    authenticate(request, {}, (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(null)));
  });
}
