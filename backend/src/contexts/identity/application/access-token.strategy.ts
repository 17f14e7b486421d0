import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ACCESS_TOKEN_STRATEGY } from '../../../platform/auth/auth.decorators.js';
import { Database } from '../../../platform/database/database.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { TokenKeys } from './token-keys.js';
import type { AccessClaims } from './token.service.js';

/**
 * Verifies the bearer token's signature and expiry, then asks PostgreSQL whether its account is
 * still active at the same session epoch, whether the token was logged out and whether its refresh
 * family was revoked (a replayed refresh token): one indexed query,
 * so a suspension or logout holds at once on every app node.
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, ACCESS_TOKEN_STRATEGY) {
  constructor(
    keys: TokenKeys,
    private readonly db: Database,
  ) {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: keys.access, ignoreExpiration: false });
  }

  async validate(claims: AccessClaims & { aud?: string }): Promise<Actor | false> {
    // A media session token is not an access token (it never leaves its HttpOnly cookie anyway).
    if (claims.aud !== undefined) return false;
    return actorIfLive(this.db, claims);
  }
}

/** The actor of verified claims, if their account is active at that epoch and their session was not revoked. */
export async function actorIfLive(db: Database, claims: AccessClaims): Promise<Actor | false> {
  const row = await db.one<{ ok: boolean }>(
    `select (a.is_active and a.session_epoch = $2
             and not exists (select 1 from identity.revoked_access_token r where r.jti = $3)
             and not exists (select 1 from identity.refresh_token f where f.family_id = $4 and f.revoked_at is not null)) as ok
       from identity.account a where a.id = $1`,
    [Number(claims.sub), claims.ep, claims.jti, claims.fam ?? '00000000-0000-0000-0000-000000000000'],
  );
  if (!row?.ok) return false;
  return { accountId: Number(claims.sub), role: claims.role, profileId: claims.pid, username: claims.usr, jti: claims.jti };
}
