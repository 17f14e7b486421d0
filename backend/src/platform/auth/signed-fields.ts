import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A short signed token of the server's own making (SCORM launch tokens, ADR 0025; download links,
 * ADR 0036): a JSON array of fields, base64url, then « . » and its HMAC-SHA256 (base64url) with a
 * key derived from the access-token secret for one purpose only (domain separation: a token made for
 * one purpose is never valid for another, nor as an access token). Stateless; expiry and the
 * fields' meaning are the caller's.
 */
export class SignedFields {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  sign(fields: readonly unknown[]): string {
    const body = Buffer.from(JSON.stringify(fields)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The fields of a genuine token of exactly `count` fields; null for a forged, tampered or malformed one. */
  read(token: string, count: number): unknown[] | null {
    if (token.length > 2048) return null;
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
    return Array.isArray(fields) && fields.length === count ? fields : null;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
