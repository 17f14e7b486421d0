// Baseline of the authoring reads measured by bench/scenarios/authoring.mjs, in bare Fastify + pg:
// the bearer token verified with the same jsonwebtoken and checked with the access-token
// strategy's one query (account active at that epoch, not logged out, family not revoked), then
// the app's own SQL (imported from its build): "Mes cours" and the trainer dashboard.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { liveClaims, signAccess } from '../lib/baseline-auth.mjs';
import { projectRoot } from '../lib/deps.mjs';

const queries = join(projectRoot, 'backend/dist/contexts/catalogue/application/queries');
const { AUTHORED_COURSES_SQL } = await import(pathToFileURL(join(queries, 'list-authored-courses.query.js')).href);
const { TRAINER_DASHBOARD_SQL } = await import(pathToFileURL(join(queries, 'get-trainer-dashboard.query.js')).href);

/** @param {import('fastify').FastifyInstance} app */
export default async function authoringRoutes(app, { sql, config }) {
  async function trainer(request, reply, teacherId) {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return false;
    if (!(claims.role === 'admin' || (claims.role === 'teacher' && claims.pid === teacherId))) return reply.code(403).send({ statusCode: 403 }) && false;
    return true;
  }

  app.get('/api/teacher-course/:id', async (request, reply) => {
    const id = Number(request.params.id);
    if (!(await trainer(request, reply, id))) return reply;
    return (await sql.query(AUTHORED_COURSES_SQL, [id])).rows;
  });
  app.get('/api/formateur/dashboard/:id', async (request, reply) => {
    const id = Number(request.params.id);
    if (!(await trainer(request, reply, id))) return reply;
    return (await sql.query(TRAINER_DASHBOARD_SQL, [id])).rows[0];
  });

  // Bench setup only: a token for a demo trainer, signed like the app's (the baseline has no trainer login).
  app.post('/bench/trainer-token', async (request) => {
    const { rows } = await sql.query(
      `select a.id, a.session_epoch, a.username, t.id as teacher_id from identity.account a join identity.teacher t on t.account_id = a.id where a.email = $1`,
      [request.body.email],
    );
    const account = rows[0];
    const access = signAccess(config, account, 'teacher', account.teacher_id);
    return { access, formateur_id: account.teacher_id };
  });
}
