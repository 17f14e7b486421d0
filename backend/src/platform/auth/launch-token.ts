import { Inject, Injectable } from '@nestjs/common';
import { Clock, type Role } from '../../shared-kernel/index.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SignedFields } from './signed-fields.js';

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

@Injectable()
export class LaunchTokens {
  private readonly signed: SignedFields;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    // Domain separation: never a valid access token's signature, never the other way round.
    this.signed = new SignedFields(config.accessTokenSecret, 'lms:scorm-launch:v1');
  }

  sign(claims: Omit<LaunchClaims, 'expires'>): { token: string; expires: Date } {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + LAUNCH_TOKEN_SECONDS;
    const c = claims;
    return { token: this.signed.sign([c.accountId, c.role, c.profileId, c.chapterId, c.version, c.contentOrigin, c.appOrigin, expires]), expires: new Date(expires * 1000) };
  }

  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string): LaunchClaims | null {
    const fields = this.signed.read(token, 8);
    if (!fields) return null;
    const [accountId, role, profileId, chapterId, version, contentOrigin, appOrigin, expires] = fields;
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
}
