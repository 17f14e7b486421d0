import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { MEDIA_AUDIENCE, MEDIA_SESSION_SECONDS } from '../../../platform/auth/media-session.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { Database, type SqlTransaction } from '../../../platform/database/database.js';
import { Clock, parisCalendarDate, type Role } from '../../../shared-kernel/index.js';
import { IDENTITY_MESSAGES, InvalidSessionError } from '../domain/identity.errors.js';
import { TokenKeys } from './token-keys.js';

export interface TokenSubject {
  accountId: number;
  role: Role;
  profileId: number;
  username: string;
  sessionEpoch: number;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface AccessClaims {
  sub: string;
  role: Role;
  pid: number;
  usr: string;
  ep: number;
  /** The refresh-token family this access token was issued with: revoking the family ends it too. */
  fam: string;
  jti: string;
  exp: number;
}

interface RefreshClaims {
  sub: string;
  fam: string;
  ep: number;
  jti: string;
  typ: 'refresh';
}

/**
 * How long after its rotation a refresh token may be presented again when the rotation's answer was
 * lost (a reload or a closed page cut the request): the browser never received the new cookie.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;

/**
 * Short-lived access tokens and rotating refresh tokens. Every refresh token is a row; using one
 * marks it used and issues the next of the same family; using a used one revokes the family.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly keys: TokenKeys,
    private readonly clock: Clock,
  ) {}

  /**
   * A media session for the content the browser fetches itself (docs/adr/0011): the verified
   * access token's claims, for the media audience, living MEDIA_SESSION_SECONDS. Logging out,
   * a suspension or a revoked family ends it with the access token it came from.
   */
  mediaToken(accessToken: string): string {
    const { sub, role, pid, usr, ep, fam, jti } = this.jwt.verify<AccessClaims>(accessToken, { secret: this.keys.access });
    return this.jwt.sign(
      { sub, role, pid, usr, ep, fam },
      { secret: this.keys.access, expiresIn: MEDIA_SESSION_SECONDS, jwtid: jti, audience: MEDIA_AUDIENCE },
    );
  }

  /** How long a refresh token lives: the refresh cookie's Max-Age. */
  get refreshTtlSeconds(): number {
    return this.config.refreshTokenTtlSeconds;
  }

  async issue(subject: TokenSubject, familyId: string = randomUUID(), sql: SqlTransaction = this.db): Promise<TokenPair> {
    const access = this.jwt.sign(
      { sub: String(subject.accountId), role: subject.role, pid: subject.profileId, usr: subject.username, ep: subject.sessionEpoch, fam: familyId },
      { secret: this.keys.access, expiresIn: this.config.accessTokenTtlSeconds, jwtid: randomUUID() },
    );
    const jti = randomUUID();
    const refresh = this.jwt.sign(
      { sub: String(subject.accountId), fam: familyId, ep: subject.sessionEpoch, typ: 'refresh' },
      { secret: this.keys.refresh, expiresIn: this.config.refreshTokenTtlSeconds, jwtid: jti },
    );
    await sql.query(
      `insert into identity.refresh_token (jti, family_id, account_id, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [jti, familyId, subject.accountId, this.config.refreshTokenTtlSeconds],
    );
    return { access, refresh };
  }

  verifyAccess(token: string): AccessClaims {
    return this.jwt.verify<AccessClaims>(token, { secret: this.keys.access });
  }

  private verifyRefresh(token: string): RefreshClaims {
    try {
      const claims = this.jwt.verify<RefreshClaims>(token, { secret: this.keys.refresh });
      if (claims.typ !== 'refresh') throw new Error('not a refresh token');
      return claims;
    } catch {
      throw new InvalidSessionError();
    }
  }

  /**
   * Rotates a refresh token; throws InvalidSessionError (401) when it is unknown, used, revoked or
   * its account closed. One transaction under a per-family lock: a replayed token that races the
   * legitimate rotation waits for it, then revokes the family including the token just issued.
   */
  async rotate(refreshToken: string): Promise<TokenPair & { subject: TokenSubject }> {
    const claims = this.verifyRefresh(refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [claims.fam]);
      const used = await tx.one<{ account_id: number }>(
        `update identity.refresh_token set used_at = now()
          where jti = $1 and used_at is null and revoked_at is null and expires_at > now()
          returning account_id`,
        [claims.jti],
      );
      if (!used) {
        // A rotation whose answer never reached the browser (the page reloaded or closed while the
        // refresh was on its way: the new cookie is lost) presents the token it just rotated. Within
        // a few seconds, and while none of the tokens issued by that rotation has been used, it is the
        // same browser: answer its outcome with a new token of the family instead of closing the
        // session. Any other reuse is a replay: the family is revoked (ADR 0029).
        const lost = await tx.one<{ account_id: number }>(
          `select r.account_id from identity.refresh_token r
            where r.jti = $1 and r.revoked_at is null and r.expires_at > now()
              and r.used_at > now() - make_interval(secs => $2)
              and not exists (select 1 from identity.refresh_token n
                               where n.family_id = r.family_id and n.issued_at >= r.used_at and n.used_at is not null)`,
          [claims.jti, REFRESH_REUSE_GRACE_SECONDS],
        );
        if (!lost) {
          await this.revokeFamily(claims.fam, tx);
          return { refused: IDENTITY_MESSAGES.refreshReused };
        }
        const subject = await this.loadSubject(lost.account_id, tx);
        if (!subject || subject.sessionEpoch !== claims.ep) {
          await this.revokeFamily(claims.fam, tx);
          return { refused: IDENTITY_MESSAGES.sessionExpired };
        }
        return { ...(await this.issue(subject, claims.fam, tx)), subject };
      }
      const subject = await this.loadSubject(used.account_id, tx);
      // A password change or suspension raised the epoch: every older refresh token is dead.
      if (!subject || subject.sessionEpoch !== claims.ep) {
        await this.revokeFamily(claims.fam, tx);
        return { refused: IDENTITY_MESSAGES.sessionExpired };
      }
      return { ...(await this.issue(subject, claims.fam, tx)), subject };
    });
    if ('refused' in outcome) throw new InvalidSessionError(outcome.refused);
    return outcome;
  }

  async revokeFamily(familyId: string, sql: SqlTransaction = this.db): Promise<void> {
    await sql.query(`update identity.refresh_token set revoked_at = now() where family_id = $1 and revoked_at is null`, [familyId]);
  }

  /**
   * Logout: closes the presented refresh token's family and, when the access token is still valid,
   * denies it too. Works with an expired access token, so a late logout still ends the session.
   */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    let access: AccessClaims | undefined;
    try {
      access = accessToken ? this.verifyAccess(accessToken) : undefined;
    } catch {
      access = undefined;
    }
    if (access) {
      await this.db.query(
        `insert into identity.revoked_access_token (jti, expires_at) values ($1, to_timestamp($2)) on conflict do nothing`,
        [access.jti, access.exp],
      );
    }
    if (!refreshToken) return;
    try {
      const claims = this.verifyRefresh(refreshToken);
      if (!access || claims.sub === access.sub) await this.revokeFamily(claims.fam);
    } catch {
      // An unusable refresh token needs no revocation.
    }
  }

  /**
   * The active account behind a token, or undefined when it is gone or suspended — or, for an
   * auditor, revoked or past their end date (the centre's day on the server's clock, docs/adr/0039):
   * their session ends at the next refresh.
   */
  async loadSubject(accountId: number, sql: SqlTransaction = this.db): Promise<TokenSubject | undefined> {
    const row = await sql.one<{ id: number; role: Role; username: string; session_epoch: number; profile_id: number | null }>(
      `select a.id, a.role, a.username, a.session_epoch,
              coalesce(s.id, t.id, ad.id, au.id) as profile_id
         from identity.account a
         left join identity.student s on s.account_id = a.id
         left join identity.teacher t on t.account_id = a.id
         left join identity.admin ad on ad.account_id = a.id
         left join identity.auditor au on au.account_id = a.id
        where a.id = $1 and a.is_active and (au.id is null or (au.ended_at is null and au.ends_on >= $2::date))`,
      [accountId, parisCalendarDate(this.clock.now())],
    );
    if (!row || row.profile_id === null) return undefined;
    return { accountId: row.id, role: row.role, username: row.username, sessionEpoch: row.session_epoch, profileId: row.profile_id };
  }
}
