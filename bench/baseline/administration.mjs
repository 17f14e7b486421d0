// Baseline of GET /api/admin/students/progress/ (bench/scenarios/administration.mjs) in bare Fastify
// + pg: the token check, the admin role, the query's checks, then the app's own statement
// (PROGRESS_PAGE_SQL, imported from its build) and the same paged answer. Bench-only routes make
// the 10,000 students (the app's generator, plain SQL) and admin tokens. Also the full student list
// (GET /api/admin/students/full-data/) with the app's statement and mapping.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { liveClaims, signAccess } from '../lib/baseline-auth.mjs';
import { projectRoot } from '../lib/deps.mjs';

const dist = (path) => import(pathToFileURL(join(projectRoot, 'backend/dist', path)).href);
const [rows, { GENERATE_STUDENTS_SQL }, records] = await Promise.all([
  dist('contexts/administration/application/progress-rows.js'),
  dist('cli/testing/generate-students.js'),
  dist('contexts/identity/application/queries/record-views.js'),
]);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const bad = (reply, message) => reply.code(400).send({ statusCode: 400, message });

/** @param {import('fastify').FastifyInstance} app */
export default async function administrationRoutes(app, { sql, config }) {
  app.get('/api/admin/students/progress', async (request, reply) => {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return reply;
    if (claims.role !== 'admin') return reply.code(403).send({ statusCode: 403 });
    const query = request.query ?? {};
    const search = typeof query.search === 'string' && query.search.trim() ? query.search.trim() : undefined;
    if (search && search.length > 200) return bad(reply, 'La recherche ne doit pas dépasser 200 caractères.');
    for (const name of ['start_date', 'end_date']) if (query[name] && !DATE.test(query[name])) return bad(reply, 'Date invalide.');
    const page = query.page ? Number(query.page) : 1;
    const pageSize = query.page_size ? Number(query.page_size) : 5;
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50) return bad(reply, 'Page invalide.');
    const filter = { search, startDate: query.start_date || undefined, endDate: query.end_date || undefined };
    const found = (await sql.query(rows.PROGRESS_PAGE_SQL, [...rows.filterParams(filter), pageSize, (page - 1) * pageSize])).rows;
    const count = found[0]?.total ?? (page > 1 ? (await sql.query(rows.PROGRESS_COUNT_SQL, rows.filterParams(filter))).rows[0].total : 0);
    const lastPage = Math.max(1, Math.ceil(count / pageSize));
    const link = (n) => {
      const target = new URL(request.url, 'http://x');
      target.searchParams.set('page', String(n));
      return `${target.pathname}${target.search}`;
    };
    return {
      count,
      next: page < lastPage ? link(page + 1) : null,
      previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      results: found.map(({ total: _total, ...row }) => row),
    };
  });

  // GET /api/admin/students/full-data/: the app's statement (OPEN_STUDENT_RECORDS_SQL) and its mapping.
  app.get('/api/admin/students/full-data', async (request, reply) => {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return reply;
    if (claims.role !== 'admin') return reply.code(403).send({ statusCode: 403 });
    const found = (await sql.query(records.OPEN_STUDENT_RECORDS_SQL)).rows;
    return found.map(records.toStudentRecordView);
  });

  // Bench setup only: a token for the demo admin.
  app.post('/bench/admin-token', async (request) => {
    const { rows: found } = await sql.query(
      `select a.id, a.session_epoch, a.username, p.id as admin_id from identity.account a join identity.admin p on p.account_id = a.id where a.email = $1`,
      [request.body.email],
    );
    return { access: signAccess(config, found[0], 'admin', found[0].admin_id) };
  });

  // Bench setup only: `count` students named `Apprenant {prefix}-{n}`, once.
  app.post('/bench/generate-students', async (request) => {
    const { count, prefix, courseIds } = request.body;
    const existing = (await sql.query(`select count(*)::int as n from identity.account where username like $1`, [`${prefix}-%`])).rows[0].n;
    if (existing === 0) await sql.query(GENERATE_STUDENTS_SQL, [prefix, count, courseIds]);
    return { students: existing || count };
  });
}
