import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { verifyBearer } from '../../../platform/auth/bearer.js';
import { Database } from '../../../platform/database/database.js';
import { sha256Hex } from '../domain/agents.js';
import type { Scope, XapiPrincipal } from '../domain/principal.js';
import { XapiError } from '../domain/xapi.errors.js';

export class XapiUnauthenticated extends XapiError {
  constructor(message: string) {
    super(401, message);
  }
}

/**
 * Who calls: HTTP Basic (an activity provider's key and secret, compared by their sha256 in
 * constant time; a revoked credential is refused at once) or a bearer access token (a session).
 */
@Injectable()
export class XapiAuthentication {
  constructor(private readonly db: Database) {}

  async principal(request: { headers: Record<string, unknown> }): Promise<XapiPrincipal> {
    const header = request.headers.authorization;
    if (typeof header !== 'string' || header.trim() === '') throw new XapiUnauthenticated('Unauthorized: send HTTP Basic credentials or a bearer token');
    const [scheme, value = ''] = header.trim().split(/\s+/, 2);
    if (scheme.toLowerCase() === 'basic') return this.basic(value);
    if (scheme.toLowerCase() === 'bearer') {
      const actor = await verifyBearer(request);
      if (!actor) throw new XapiUnauthenticated('Unauthorized: session expired or invalid');
      return { kind: 'session', actor };
    }
    throw new XapiUnauthenticated('Unauthorized: unknown authorization scheme');
  }

  private async basic(value: string): Promise<XapiPrincipal> {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw new XapiUnauthenticated('Unauthorized: malformed Basic credentials');
    const key = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    const row = await this.db.one<{ id: number; name: string; secret_sha256: string; scopes: Scope[] }>(
      `select id, name, secret_sha256, scopes from xapi.credential where key = $1 and revoked_at is null`,
      [key],
    );
    const given = Buffer.from(sha256Hex(secret), 'hex');
    const expected = Buffer.from(row?.secret_sha256 ?? '0'.repeat(64), 'hex');
    if (!row || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new XapiUnauthenticated('Unauthorized: unknown or revoked credentials');
    return { kind: 'credential', credentialId: row.id, key, name: row.name, scopes: row.scopes };
  }
}
