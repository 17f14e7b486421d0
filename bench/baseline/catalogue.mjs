// Baseline of the catalogue reads measured by bench/scenarios/catalogue.mjs, in bare Fastify + pg.
// The SQL is imported from the app's own build (course.sql.js has no framework imports), and the
// trainer names come from the same statement as identity's GetTeacherSummaries: statement for
// statement what ListCoursesHandler / GetCourseDetailHandler run.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { projectRoot } from '../lib/deps.mjs';

const sqlModule = await import(pathToFileURL(join(projectRoot, 'backend/dist/contexts/catalogue/application/queries/course.sql.js')).href);
const { courseListQuery, COURSE_DETAIL_SQL, COURSE_CHAPTERS_SQL } = sqlModule;
const TEACHERS_SQL = 'select id, full_name, profile_img from identity.teacher where id = any($1::int[])';

/** @param {import('fastify').FastifyInstance} app */
export default async function catalogueRoutes(app, { sql }) {
  async function summaries(rows) {
    const teacherRows = (await sql.query(TEACHERS_SQL, [[...new Set(rows.map((r) => r.formateur))]])).rows;
    const teachers = new Map(teacherRows.map((t) => [t.id, t]));
    return rows.map(({ category_id, category_title, category_slug, total_count: _count, ...row }) => ({
      ...row,
      category: { id: category_id, title: category_title, slug: category_slug },
      teacher: teachers.get(row.formateur) ?? null,
    }));
  }

  function paged(results, count, page, pageSize, url) {
    const link = (n) => {
      const target = new URL(url, 'http://x');
      target.searchParams.set('page', String(n));
      return `${target.pathname}${target.search}`;
    };
    const last = Math.max(1, Math.ceil(count / pageSize));
    return { count, next: page < last ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null, results };
  }

  async function list(filter, request) {
    const page = Number(request.query.page ?? 1);
    const pageSize = Number(request.query.page_size ?? 8);
    const query = courseListQuery(filter, { page, pageSize });
    const rows = (await sql.query(query.text, query.values)).rows;
    return paged(await summaries(rows), rows[0]?.total_count ?? 0, page, pageSize, request.url);
  }

  app.get('/api/course', (request) => list({}, request));
  app.get('/api/search-courses/:term', (request) => list({ search: request.params.term.trim() }, request));
  app.get('/api/course/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const [rows, chapters] = await Promise.all([sql.query(COURSE_DETAIL_SQL, [id]), sql.query(COURSE_CHAPTERS_SQL, [id])]);
    if (rows.rows.length === 0) return reply.code(404).send({ statusCode: 404, message: 'Cours introuvable.' });
    const [summary] = await summaries(rows.rows);
    return { ...summary, course_chapters: chapters.rows };
  });
}
