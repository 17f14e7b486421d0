// Baseline of the identity routes measured by bench/scenarios/identity.mjs, in bare Fastify + pg.
// The SQL is the app's, statement for statement and in the same order (sign-in.command.ts,
// login-throttle.ts, token.service.ts), including the account select that MikroORM sends as a
// simple-protocol query with inlined literals; the JWTs are signed with the same jsonwebtoken.
import { randomUUID } from 'node:crypto';
import { argon2, jwt, pg } from '../lib/deps.mjs';

const MESSAGES = {
  invalidCredentials: 'Identifiants incorrects.',
  accountSuspended: "Vous avez ete deconnecte, Votre compte a ete desactive. Contactez l'administration.",
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans quelques minutes.',
  sessionExpired: 'Session expirée ou invalide. Veuillez vous reconnecter.',
  refreshReused:
    'Ce jeton de rafraîchissement a déjà été utilisé : la session a été fermée par sécurité. Veuillez vous reconnecter.',
};

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

const normaliseEmail = (email) => email.trim().toLowerCase();

/** @param {import('fastify').FastifyInstance} app */
export default async function identityRoutes(app, { sql, orm, config }) {
  const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
  let dummyHash;

  async function verifyPassword(hash, password) {
    dummyHash ??= argon2.hash('compte-inexistant-pour-le-temps-constant', ARGON2_OPTIONS);
    const target = hash ?? (await dummyHash);
    try {
      return (await argon2.verify(target, password)) && hash !== undefined;
    } catch {
      return false;
    }
  }

  // login-throttle.ts: the attempt is recorded first, then counted.
  async function begin(accountKey, address) {
    await sql.query(`insert into identity.login_attempt (account_key, address, succeeded) values ($1, $2, false)`, [accountKey, address]);
    const { rows } = await sql.query(
      `select count(*) filter (where account_key = $1) as by_account,
              count(*) filter (where address = $2) as by_address
         from identity.login_attempt
        where not succeeded and attempted_at > now() - make_interval(secs => $3)
          and (account_key = $1 or address = $2)`,
      [accountKey, address, config.loginWindowSeconds],
    );
    const row = rows[0];
    if (row && (row.by_account > config.loginMaxFailuresPerAccount || row.by_address > config.loginMaxFailuresPerAddress)) {
      throw new HttpError(429, MESSAGES.tooManyAttempts);
    }
  }
  const recordSuccess = (accountKey) => sql.query(`delete from identity.login_attempt where account_key = $1 and not succeeded`, [accountKey]);

  // database.ts Database.transaction: one client, begin … commit.
  async function transaction(work) {
    const client = await sql.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  // What `em.fork().findOne(Account, { email, role })` sends (MikroORM inlines the values).
  async function findAccount(email, role) {
    const { rows } = await orm.query(
      `select "a0".* from "identity"."account" as "a0" where "a0"."email" = ${pg.escapeLiteral(email)} and "a0"."role" = ${pg.escapeLiteral(role)} limit 1`,
    );
    return rows[0];
  }

  // token.service.ts
  async function loadSubject(accountId, db = sql) {
    const { rows } = await db.query(
      `select a.id, a.role, a.username, a.session_epoch,
              coalesce(s.id, t.id, ad.id) as profile_id
         from identity.account a
         left join identity.student s on s.account_id = a.id
         left join identity.teacher t on t.account_id = a.id
         left join identity.admin ad on ad.account_id = a.id
        where a.id = $1 and a.is_active`,
      [accountId],
    );
    const row = rows[0];
    if (!row || row.profile_id === null) return undefined;
    return { accountId: row.id, role: row.role, username: row.username, sessionEpoch: row.session_epoch, profileId: row.profile_id };
  }

  async function issue(subject, familyId = randomUUID(), db = sql) {
    const access = jwt.sign(
      { sub: String(subject.accountId), role: subject.role, pid: subject.profileId, usr: subject.username, ep: subject.sessionEpoch, fam: familyId },
      config.accessTokenSecret,
      { expiresIn: config.accessTokenTtlSeconds, jwtid: randomUUID() },
    );
    const jti = randomUUID();
    const refresh = jwt.sign(
      { sub: String(subject.accountId), fam: familyId, ep: subject.sessionEpoch, typ: 'refresh' },
      config.refreshTokenSecret,
      { expiresIn: config.refreshTokenTtlSeconds, jwtid: jti },
    );
    await db.query(
      `insert into identity.refresh_token (jti, family_id, account_id, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [jti, familyId, subject.accountId, config.refreshTokenTtlSeconds],
    );
    return { access, refresh };
  }

  const revokeFamily = (familyId, db = sql) =>
    db.query(`update identity.refresh_token set revoked_at = now() where family_id = $1 and revoked_at is null`, [familyId]);

  async function rotate(refreshToken) {
    let claims;
    try {
      claims = jwt.verify(refreshToken, config.refreshTokenSecret);
      if (claims.typ !== 'refresh') throw new Error('not a refresh token');
    } catch {
      throw new HttpError(401, MESSAGES.sessionExpired);
    }
    // One transaction under a per-family lock, as token.service.ts rotate().
    const outcome = await transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [claims.fam]);
      const { rows } = await tx.query(
        `update identity.refresh_token set used_at = now()
          where jti = $1 and used_at is null and revoked_at is null and expires_at > now()
          returning account_id`,
        [claims.jti],
      );
      if (!rows[0]) {
        await revokeFamily(claims.fam, tx);
        return { refused: MESSAGES.refreshReused };
      }
      const subject = await loadSubject(rows[0].account_id, tx);
      if (!subject || subject.sessionEpoch !== claims.ep) {
        await revokeFamily(claims.fam, tx);
        return { refused: MESSAGES.sessionExpired };
      }
      return issue(subject, claims.fam, tx);
    });
    if (outcome.refused) throw new HttpError(401, outcome.refused);
    return outcome;
  }

  // sign-in.command.ts
  async function signIn(role, email, password, address) {
    const key = `${role}:${normaliseEmail(email)}`;
    await begin(key, address);
    const account = await findAccount(normaliseEmail(email), role);
    if (!(await verifyPassword(account?.password_hash, password)) || !account) throw new HttpError(401, MESSAGES.invalidCredentials);
    if (!account.is_active) throw new HttpError(401, MESSAGES.accountSuspended);
    await recordSuccess(key);
    const subject = await loadSubject(account.id);
    if (!subject) throw new HttpError(401, MESSAGES.invalidCredentials);
    return { ...(await issue(subject)), subject };
  }

  app.setErrorHandler((error, request, reply) => {
    const status = error instanceof HttpError ? error.status : (error.statusCode ?? 500);
    reply.code(status).send({ statusCode: status, message: status >= 500 ? 'Erreur interne.' : error.message });
  });

  const loginSchema = {
    body: {
      type: 'object',
      required: ['email', 'password'],
      properties: {
        email: { type: 'string', format: 'email', maxLength: 254 },
        password: { type: 'string', minLength: 1, maxLength: 1024 },
      },
    },
  };

  app.post('/api/student-login-jwt', { schema: loginSchema }, async (request) => {
    const { email, password } = request.body;
    try {
      const { subject, access, refresh } = await signIn('student', email.trim(), password, request.ip);
      return { bool: true, student_id: subject.profileId, access, refresh, username: subject.username, error: null };
    } catch (error) {
      // Student logins answer 200 with bool: false, as the app does for UnauthenticatedError.
      if (error instanceof HttpError && error.status === 401) {
        return { bool: false, student_id: null, access: null, refresh: null, username: null, error: error.message };
      }
      throw error;
    }
  });

  const refreshSchema = {
    body: { type: 'object', required: ['refresh'], properties: { refresh: { type: 'string', minLength: 1 } } },
  };

  app.post('/api/token/refresh', { schema: refreshSchema }, async (request) => {
    const { access, refresh } = await rotate(request.body.refresh);
    return { access, refresh };
  });
}
