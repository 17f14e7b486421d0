import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, type Role } from '../../shared-kernel/index.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * A SCORM launch token (docs/adr/0025-scorm-content-origin.md): the content origin receives none
 * of the app's cookies or tokens, so the path of every package file carries this instead
 * (`/scorm-content/{token}/{file}`, relative URLs keep working). Signed by the server (HMAC-SHA256
 * with a key derived from the access-token secret, so no new secret), short-lived, and bound to
 * the account that asked, the chapter, the content origin it is valid on and the app origin that
 * may frame it. It grants reading one package's files, and nothing else.
 */
export interface LaunchClaims {
  /** The account, with what the content gate needs to ask again on every file. */
  accountId: number;
  role: Role;
  profileId: number;
  chapterId: number;
  version: '1.2' | '2004';
  /** The origin the files are served from (its Host is checked on each request). */
  contentOrigin: string;
  /** The app page's origin: the only one that may frame the launch page and talk to it. */
  appOrigin: string;
  /** Expiry, in seconds since the epoch (the server's clock). */
  expires: number;
}

/** Two hours: a long module stays playable; a relaunch (reload, another SCO) gets a new one. */
export const LAUNCH_TOKEN_SECONDS = 2 * 3600;

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

@Injectable()
export class LaunchTokens {
  private readonly key: Buffer;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    // Domain separation: never a valid access token's signature, never the other way round.
    this.key = createHmac('sha256', config.accessTokenSecret).update('lms:scorm-launch:v1').digest();
  }

  sign(claims: Omit<LaunchClaims, 'expires'>): { token: string; expires: Date } {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + LAUNCH_TOKEN_SECONDS;
    const c = claims;
    const body = b64(JSON.stringify([c.accountId, c.role, c.profileId, c.chapterId, c.version, c.contentOrigin, c.appOrigin, expires]));
    return { token: `${body}.${this.mac(body)}`, expires: new Date(expires * 1000) };
  }

  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string): LaunchClaims | null {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let fields: unknown;
    try {
      fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!Array.isArray(fields) || fields.length !== 8) return null;
    const [accountId, role, profileId, chapterId, version, contentOrigin, appOrigin, expires] = fields as unknown[];
    if (typeof expires !== 'number' || expires * 1000 <= this.clock.now().getTime()) return null;
    return {
      accountId: Number(accountId),
      role: role as Role,
      profileId: Number(profileId),
      chapterId: Number(chapterId),
      version: version === '2004' ? '2004' : '1.2',
      contentOrigin: String(contentOrigin),
      appOrigin: String(appOrigin),
      expires,
    };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
