// Baseline of the platform routes: what HealthController does, in bare Fastify.

/** @param {import('fastify').FastifyInstance} app */
export default async function platformRoutes(app, { sql }) {
  app.get('/api/health', async (request, reply) => {
    try {
      await sql.query('select 1');
      return { status: 'ok', database: 'ok' };
    } catch {
      reply.code(503);
      return { status: 'error', database: 'indisponible' };
    }
  });
}
