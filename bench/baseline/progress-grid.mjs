// Baseline of GET /api/progress-grid/{course}/ (bench/scenarios/progress-grid.mjs) in bare Fastify +
// pg: the token check, the reader's role, the query's checks, then the app's own statement
// (`gridSql`, `gridParams`, imported from its build) and the same mapping of its one row
// (`readGrid`'s cells and scores). A bench-only route makes the course of 50 steps and 500
// learners with their progress rows, in plain SQL, once.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { liveClaims } from '../lib/baseline-auth.mjs';
import { projectRoot } from '../lib/deps.mjs';

const grid = await import(pathToFileURL(join(projectRoot, 'backend/dist/contexts/learning-progress/application/queries/get-progress-grid.query.js')).href);

const SORTS = new Set(['name', 'percentage', 'last_activity']);
const STATUSES = new Set(['not_started', 'in_progress', 'inactive', 'finished']);
const bad = (reply, message) => reply.code(400).send({ statusCode: 400, message });

/**
 * A course `title` of `steps` text chapters given by the demo trainer `teacherEmail`, and `learners`
 * students enrolled in it (`Apprenant {prefix}-{n}`), each having validated the first
 * `n % (steps + 1)` steps (the projection's row and the step rows as the player's saves leave them),
 * some never started, some a fortnight ago.
 */
const GENERATE_GRID_SQL = `
  with teacher as (
    select t.id from identity.teacher t join identity.account a on a.id = t.account_id where a.email = $4::text
  ), course as (
    insert into catalogue.course (title, category_id, teacher_id, search_title, search_text, status, published_at)
    select $1::text, (select min(id) from catalogue.category), (select id from teacher), lower($1::text), lower($1::text), 'published', now()
    returning id
  ), chapters as (
    insert into catalogue.chapter (course_id, title, position, content_type, text_content)
    select course.id, 'Étape ' || g, g, 'text', 'Texte.' from course, generate_series(1, $2::int) g
    returning id, course_id, position
  ), accounts as (
    insert into identity.account (email, username, password_hash, role, created_at, updated_at)
    select $3::text || '-' || g || '@masse.lms-formation.fr', $3::text || '-' || g, '!', 'student', now(), now() from generate_series(1, $5::int) g
    returning id, username, email
  ), students as (
    insert into identity.student (account_id, fullname, prenom, nom, interested_categories, search_text, formations, formation_title)
    select id, 'Apprenant ' || username, 'Apprenant', username, '', lower('Apprenant ' || username || ' ' || email), '{}', null from accounts
    returning id
  ), numbered as (
    select s.id as student_id, c.id as course_id, row_number() over (order by s.id) as n from students s, course c
  ), enrolled as (
    insert into enrolment.student_course (student_id, course_id, enrolled_at) select student_id, course_id, now() from numbered
    returning student_id
  ), figures as (
    insert into progress.student_course_progress (student_id, course_id, validated_steps, connected_seconds, active_seconds, last_activity_at, completed_at)
    select student_id, course_id, n % ($2::int + 1), (n % ($2::int + 1)) * 90, (n % ($2::int + 1)) * 60,
           now() - make_interval(days => (n % 15)::int), case when n % ($2::int + 1) = $2::int then now() end
      from numbered where n % 10 <> 0
    returning student_id
  ), progress as (
    insert into progress.course_progress (student_id, course_id, started_at, completed_at)
    select student_id, course_id, now() - interval '20 days', null from numbered where n % 10 <> 0
    returning id, student_id, course_id
  )
  insert into progress.step_progress (course_progress_id, kind, step_id, content_type, opened_at, validated_at, rule, figures, connected_seconds, active_seconds)
  select p.id, 'chapter', ch.id, 'text', now() - interval '15 days',
         case when ch.position <= nb.n % ($2::int + 1) then now() - interval '14 days' end,
         case when ch.position <= nb.n % ($2::int + 1) then 'text-finish-after-open' end, '{}', 90, 60
    from progress p join numbered nb on nb.student_id = p.student_id join chapters ch on ch.course_id = p.course_id
   where ch.position <= nb.n % ($2::int + 1) + 1`;

/** @param {import('fastify').FastifyInstance} app */
export default async function progressGridRoutes(app, { sql, config }) {
  app.get('/api/progress-grid/:courseId', async (request, reply) => {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return reply;
    if (claims.role !== 'teacher' && claims.role !== 'admin') return reply.code(403).send({ statusCode: 403 });
    const courseId = Number(request.params.courseId);
    if (!Number.isInteger(courseId) || courseId < 1) return reply.code(404).send({ statusCode: 404 });
    const query = request.query ?? {};
    const sort = query.sort || 'name';
    const order = query.order || 'asc';
    const status = query.status || null;
    if (!SORTS.has(sort) || (order !== 'asc' && order !== 'desc') || (status && !STATUSES.has(status))) return bad(reply, 'Paramètre invalide.');
    const page = query.page ? Number(query.page) : 1;
    const pageSize = query.page_size ? Number(query.page_size) : 20;
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50) return bad(reply, 'Page invalide.');
    const search = typeof query.search === 'string' && query.search.trim() ? query.search.trim() : null;
    const gridRequest = { sort, order, status, search, page, pageSize };
    const [row] = (await sql.query(grid.gridSql(sort, order), grid.gridParams(courseId, new Date(), gridRequest))).rows;
    if (!row?.course) return reply.code(404).send({ statusCode: 404 });
    if (!(claims.role === 'admin' || row.course.teacher_id === claims.pid)) return reply.code(403).send({ statusCode: 403 });
    const iso = (value) => (value ? new Date(value).toISOString() : null);
    return {
      course_id: row.course.course_id, course_title: row.course.title, inactive_after_days: grid.INACTIVE_AFTER_DAYS, steps: row.steps, count: row.count, page, page_size: pageSize,
      results: row.rows.map(({ steps, scorm, ...learner }) => ({
        ...learner, last_activity_at: iso(learner.last_activity_at), completed_at: iso(learner.completed_at),
        cells: grid.gridCells(row.steps, steps), scorm: scorm.map((s) => ({ chapter_id: s.chapter_id, sco: s.sco, percentage: grid.scormPercentage(s.score) })),
      })),
    };
  });

  // Bench setup only: the course and its learners, once (by title).
  app.post('/bench/generate-grid', async (request) => {
    const { title, steps, learners, prefix, teacherEmail } = request.body;
    const existing = (await sql.query('select id from catalogue.course where title = $1', [title])).rows[0];
    if (!existing) await sql.query(GENERATE_GRID_SQL, [title, steps, prefix, teacherEmail, learners]);
    return { courseId: (await sql.query('select id from catalogue.course where title = $1', [title])).rows[0].id };
  });
}
