import { Inject, Injectable } from '@nestjs/common';
import { Clock, type Actor, type Role } from '../../shared-kernel/index.js';
import { SignedFields } from '../auth/signed-fields.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * A signed download link (docs/adr/0036, « Liens de téléchargement »): the access token lives in
 * the page's memory (ADR 0029), so a browser's own download manager, which alone resumes a large
 * file after a cut, cannot send it. An authenticated call checks who may download and answers a
 * URL whose last segment is this token: HMAC-SHA256 with a key derived from the access-token
 * secret (persisted in DATA_DIR/secrets.json; no new secret), bound to the kind of file, its id,
 * the account and profile that asked, and an expiry. Reusable until it expires, by that actor only
 * (it names them): Range requests of the same download pass. Stateless: asking for a link writes
 * nothing; the download it serves records what the bearer download records.
 */
export type DownloadKind = 'dossier' | 'document';

export interface DownloadClaims {
  kind: DownloadKind;
  fileId: number;
  accountId: number;
  role: Role;
  profileId: number;
  /** Expiry, in seconds since the epoch (the server's clock). */
  expires: number;
}

/** Ten minutes: time to start the download and to resume it after a short cut; a later one asks again. */
export const DOWNLOAD_LINK_SECONDS = 10 * 60;

export const DOWNLOAD_LINK_MESSAGES = {
  invalid: 'Ce lien de téléchargement n’est pas valide : relancez le téléchargement depuis la page.',
  expired: 'Ce lien de téléchargement a expiré : relancez le téléchargement depuis la page.',
};

/** A genuine link whose time is up: answered 410 (Gone), not 403. */
export class ExpiredDownloadLink extends Error {
  constructor() {
    super(DOWNLOAD_LINK_MESSAGES.expired);
  }
}

const ROLES: readonly Role[] = ['student', 'teacher', 'admin', 'auditor'];

@Injectable()
export class DownloadLinks {
  private readonly signed: SignedFields;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    // Domain separation from access tokens and SCORM launch tokens.
    this.signed = new SignedFields(config.accessTokenSecret, 'lms:download-link:v1');
  }

  sign(kind: DownloadKind, fileId: number, actor: Actor): { token: string; expires: Date } {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
    return { token: this.signed.sign([kind, fileId, actor.accountId, actor.role, actor.profileId, expires]), expires: new Date(expires * 1000) };
  }

  /**
   * The claims of a genuine token for this file; null for a forged, tampered or malformed one, or
   * one made for another file; throws ExpiredDownloadLink for a genuine one whose time is up.
   */
  verify(token: string, kind: DownloadKind, fileId: number): DownloadClaims | null {
    if (token.length > 512) return null;
    const fields = this.signed.read(token, 6);
    if (!fields) return null;
    const [k, id, accountId, role, profileId, expires] = fields;
    if (k !== kind || id !== fileId || !ROLES.includes(role as Role)) return null;
    if (!Number.isSafeInteger(accountId) || !Number.isSafeInteger(profileId) || typeof expires !== 'number') return null;
    if (expires * 1000 <= this.clock.now().getTime()) throw new ExpiredDownloadLink();
    return { kind, fileId, accountId: accountId as number, role: role as Role, profileId: profileId as number, expires };
  }
}
