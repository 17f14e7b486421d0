// Baseline of the Qualiopi indicators (bench/scenarios/indicators.mjs, docs/adr/0056) in bare
// Fastify + pg: the token check, the admin's role, then the app's own statements (imported from its
// build: `figureStatements`, `complaintStatements`, `satisfactionStatement`, `learnerStatements`, `PUBLISHED_SQL`) run the
// same way (in parallel) and their rows read by the app's own functions. A bench-only route makes,
// once and in plain SQL, ten courses of ten steps ending with a quiz step, 10,000 learners entered
// over the last year with their projections' rows, and 300 complaints.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { liveClaims } from '../lib/baseline-auth.mjs';
import { projectRoot } from '../lib/deps.mjs';

const q = await import(pathToFileURL(join(projectRoot, 'backend/dist/contexts/indicators/application/indicators.queries.js')).href);

const GENERATE_SQL = `
  with courses as (
    insert into catalogue.course (title, category_id, teacher_id, search_title, search_text, status, published_at)
    select $1::text || ' ' || g, (select min(id) from catalogue.category), null, lower($1::text || ' ' || g), lower($1::text || ' ' || g), 'published', now()
      from generate_series(1, 10) g
    returning id
  ), numbered_courses as (
    select id, row_number() over (order by id) - 1 as k from courses
  ), chapters as (
    insert into catalogue.chapter (course_id, title, position, content_type, text_content, quiz_id)
    select c.id, 'Étape ' || g, g, case when g = 10 then 'quiz' else 'text' end, 'Texte.', case when g = 10 then 900000 + c.k end
      from numbered_courses c, generate_series(1, 10) g
    returning id
  ), accounts as (
    insert into identity.account (email, username, password_hash, role, created_at, updated_at)
    select $2::text || '-' || g || '@masse.lms-formation.fr', $2::text || '-' || g, '!', 'student', now(), now() from generate_series(1, $3::int) g
    returning id, username, email
  ), students as (
    insert into identity.student (account_id, fullname, prenom, nom, interested_categories, search_text, formations, formation_title)
    select id, 'Apprenant ' || username, 'Apprenant', username, '', lower('Apprenant ' || username || ' ' || email), '{}', null from accounts
    returning id
  ), numbered as (
    select s.id as student_id, c.id as course_id, c.k, n
      from (select id, row_number() over (order by id) as n from students) s join numbered_courses c on c.k = s.n % 10
  ), learner_course as (
    insert into indicators.learner_course (student_id, course_id, enrolled_at, left_at, completed_at, steps_opened, last_opened_at, documents_downloaded)
    select student_id, course_id, now() - make_interval(days => (n % 360)::int, hours => (n % 24)::int),
           case when n % 10 = 3 then now() - make_interval(days => (n % 30)::int) end,
           case when n % 5 = 0 then now() - make_interval(days => (n % 20)::int) end,
           n % 11, case when n % 11 > 0 then now() - make_interval(days => (n % 40)::int) end, n % 4
      from numbered
    returning student_id
  )
  insert into indicators.learner_quiz (student_id, course_id, quiz_id, attempts, best_percent, last_percent, passed_at, validated_by_trainer, last_at)
  select student_id, course_id, 900000 + k, 1 + n % 3, (n * 7) % 101, (n * 5) % 101, case when (n * 7) % 101 >= 50 then now() - interval '3 days' end, false, now() - interval '3 days'
    from numbered where n % 5 in (0, 1, 2)`;

const COMPLAINTS_SQL = `
  insert into quality.complaint (reference, client_key, filer_kind, visitor_name, visitor_email, category, course_id, body, sha256, status, received_at, first_answered_at, handling_seconds)
  select 'BENCH-' || g, gen_random_uuid(), 'visitor', 'Visiteur', 'visiteur@exemple.fr',
         (array['contenu', 'formateur', 'technique', 'administratif', 'documents', 'accessibilite', 'autre'])[1 + g % 7],
         (select min(id) from catalogue.course where title like $1::text || ' %'), 'Réclamation.', repeat('0', 64),
         (array['recue', 'en_cours', 'traitee', 'close'])[1 + g % 4], now() - make_interval(days => (g % 360)::int),
         case when g % 4 > 0 then now() - make_interval(days => (g % 360)::int) + make_interval(hours => (g % 72)::int) end,
         case when g % 4 > 0 then (g % 72) * 3600 end
    from generate_series(1, 300) g`;

const scopeOf = (query) => {
  const { from, to } = q.periodOf({ from: query.from || undefined, to: query.to || undefined }, new Date());
  return { from, to, course: query.course ? Number(query.course) : null, session: null };
};

/** @param {import('fastify').FastifyInstance} app */
export default async function indicatorsRoutes(app, { sql, config }) {
  const admin = async (request, reply) => {
    const claims = await liveClaims(request, reply, { sql, config });
    if (!claims) return null;
    if (claims.role !== 'admin') {
      reply.code(403).send({ statusCode: 403 });
      return null;
    }
    return claims;
  };

  app.get('/api/admin/indicators/', async (request, reply) => {
    if (!(await admin(request, reply))) return reply;
    const now = new Date();
    const scope = scopeOf(request.query ?? {});
    const { overall, perCourse } = q.figureStatements(scope);
    const { totals, categories } = q.complaintStatements(scope);
    const satisfaction = q.satisfactionStatement(scope);
    const [total, courses, complaints, byCategory, published, surveys] = await Promise.all([
      sql.query(overall.sql, overall.params), sql.query(perCourse.sql, perCourse.params), sql.query(totals.sql, totals.params),
      sql.query(categories.sql, categories.params), sql.query(q.PUBLISHED_SQL), sql.query(satisfaction.sql, satisfaction.params),
    ]);
    const { cohort, courses: perCourseFigures } = q.readFigures(total.rows[0], courses.rows);
    return {
      scope: { from: scope.from, to: scope.to, course_id: scope.course, session_id: null, session_name: null },
      cohort, courses: perCourseFigures, complaints: q.readComplaints(complaints.rows[0], byCategory.rows), satisfaction: q.readSatisfaction(surveys.rows),
      public_results: published.rows[0]?.enabled ?? false, computed_at: now.toISOString(),
    };
  });

  app.get('/api/admin/indicators/learners/', async (request, reply) => {
    if (!(await admin(request, reply))) return reply;
    const query = request.query ?? {};
    const figure = query.figure || 'learners';
    const page = query.page ? Number(query.page) : 1;
    const pageSize = query.page_size ? Number(query.page_size) : 20;
    if (!q.INDICATOR_FIGURES.includes(figure) || !Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50) {
      return reply.code(400).send({ statusCode: 400, message: 'Paramètre invalide.' });
    }
    const statements = q.learnerStatements(scopeOf(query), figure, pageSize, (page - 1) * pageSize);
    const [count, rows] = await Promise.all([sql.query(statements.count.sql, statements.count.params), sql.query(statements.rows.sql, statements.rows.params)]);
    const n = count.rows[0]?.n ?? 0;
    const link = (p) => {
      const target = new URL(request.url, 'http://x');
      target.searchParams.set('page', String(p));
      return `${target.pathname}${target.search}`;
    };
    const last = Math.max(1, Math.ceil(n / pageSize));
    return { count: n, next: page < last ? link(page + 1) : null, previous: page > 1 ? link(Math.min(page - 1, last)) : null, results: rows.rows.map(q.readLearner) };
  });

  // Bench setup only: the courses, learners and complaints, once (by the first course's title).
  app.post('/bench/generate-indicators', async (request) => {
    const { title, prefix, learners } = request.body;
    const existing = (await sql.query('select id from catalogue.course where title = $1', [`${title} 1`])).rows[0];
    if (!existing) {
      await sql.query(GENERATE_SQL, [title, prefix, learners]);
      await sql.query(COMPLAINTS_SQL, [title]);
      await sql.query('analyze indicators.learner_course; analyze indicators.learner_quiz; analyze quality.complaint');
    }
    return { courseId: (await sql.query('select id from catalogue.course where title = $1', [`${title} 1`])).rows[0].id };
  });
}
