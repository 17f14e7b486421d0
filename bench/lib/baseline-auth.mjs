// The baseline's copy of the access-token check (access-token.strategy.ts): the bearer token
// verified with the same jsonwebtoken, then the strategy's one query (account active at that
// epoch, not logged out, family not revoked); and tokens signed the same way for bench setups.
import { randomUUID } from 'node:crypto';
import { jwt } from './deps.mjs';

export const LIVE_SQL = `select (a.is_active and a.session_epoch = $2
         and not exists (select 1 from identity.revoked_access_token r where r.jti = $3)
         and not exists (select 1 from identity.refresh_token f where f.family_id = $4 and f.revoked_at is not null)) as ok
    from identity.account a where a.id = $1`;

/** The token's claims when it is live; otherwise answers 401 and returns null. */
export async function liveClaims(request, reply, { sql, config }) {
  let claims;
  try {
    claims = jwt.verify(String(request.headers.authorization ?? '').replace(/^Bearer /, ''), config.accessTokenSecret);
  } catch {
    reply.code(401).send({ statusCode: 401, message: 'Session expirée ou invalide. Veuillez vous reconnecter.' });
    return null;
  }
  const { rows } = await sql.query(LIVE_SQL, [Number(claims.sub), claims.ep, claims.jti, claims.fam]);
  if (!rows[0]?.ok) {
    reply.code(401).send({ statusCode: 401, message: 'Session expirée.' });
    return null;
  }
  return claims;
}

/** An access token for `account` (id, session_epoch, username) as `role` with profile `pid`, signed like the app's. */
export function signAccess(config, account, role, pid) {
  return jwt.sign(
    { sub: String(account.id), role, pid, usr: account.username, ep: account.session_epoch, fam: randomUUID() },
    config.accessTokenSecret,
    { expiresIn: config.accessTokenTtlSeconds, jwtid: randomUUID() },
  );
}
