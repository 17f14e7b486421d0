import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-jwt';
import { MEDIA_AUDIENCE, MEDIA_COOKIE, MEDIA_SESSION_STRATEGY, readCookie } from '../../../platform/auth/media-session.js';
import { Database } from '../../../platform/database/database.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { TokenKeys } from './token-keys.js';
import { actorIfLive } from './access-token.strategy.js';
import type { AccessClaims } from './token.service.js';

/**
 * Checks the media session cookie as strictly as an access token (signature, expiry, audience,
 * account active at the same epoch, session not logged out or revoked): a suspension or a logout
 * closes the content at once too.
 */
@Injectable()
export class MediaSessionStrategy extends PassportStrategy(Strategy, MEDIA_SESSION_STRATEGY) {
  constructor(
    keys: TokenKeys,
    private readonly db: Database,
  ) {
    super({
      jwtFromRequest: (request: FastifyRequest) => readCookie(request.headers.cookie, MEDIA_COOKIE),
      secretOrKey: keys.access,
      audience: MEDIA_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  validate(claims: AccessClaims): Promise<Actor | false> {
    return actorIfLive(this.db, claims);
  }
}
