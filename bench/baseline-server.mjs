// The baseline: bare Fastify + pg serving the same routes as the app with the same SQL, so that
// the benchmark shows what NestJS, MikroORM, class-validator, passport… cost on top of them.
// Route plugins are loaded from bench/baseline/*.mjs (default export: async (app, ctx) => {}).
//
// Environment: DATABASE_URL (required), PORT (default 3100), HOST (default 127.0.0.1),
// LOGIN_MAX_FAILURES_PER_ACCOUNT / LOGIN_MAX_FAILURES_PER_ADDRESS (as the app).
import { createSecretKey, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fastify, pg } from './lib/deps.mjs';

const env = process.env;
const databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL est obligatoire.');
  process.exit(1);
}
const int = (name, fallback) => (env[name] ? Number(env[name]) : fallback);

// Same conventions as backend/src/platform/database/database.ts.
pg.types.setTypeParser(20, (value) => Number(value));

// The app has two pools of 10: MikroORM's (write side, entity reads) and Database's (plain SQL).
const ctx = {
  sql: new pg.Pool({ connectionString: databaseUrl, max: 10 }),
  orm: new pg.Pool({ connectionString: databaseUrl, max: 10 }),
  config: {
    // Same defaults as backend/src/platform/config/config.ts; secrets are this process's own.
    // As the app's TokenKeys (identity/application/token-keys.ts): the secrets as key objects, made once.
    accessTokenSecret: createSecretKey(Buffer.from(env.JWT_ACCESS_SECRET || randomBytes(48).toString('base64url'), 'utf8')),
    refreshTokenSecret: createSecretKey(Buffer.from(env.JWT_REFRESH_SECRET || randomBytes(48).toString('base64url'), 'utf8')),
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlSeconds: int('REFRESH_TOKEN_TTL_SECONDS', 7 * 24 * 3600),
    loginMaxFailuresPerAccount: int('LOGIN_MAX_FAILURES_PER_ACCOUNT', 5),
    loginMaxFailuresPerAddress: int('LOGIN_MAX_FAILURES_PER_ADDRESS', 30),
    loginWindowSeconds: int('LOGIN_WINDOW_SECONDS', 15 * 60),
  },
};
for (const pool of [ctx.sql, ctx.orm]) pool.on('error', (error) => console.error('pg pool:', error.message));

// Same router and body options as backend/src/create-app.ts.
const app = fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 }, bodyLimit: 1024 * 1024 });

const pluginDir = join(import.meta.dirname, 'baseline');
const skipped = [];
for (const file of readdirSync(pluginDir).filter((f) => f.endsWith('.mjs')).sort()) {
  // A plugin that cannot load (e.g. it imports SQL from a build that predates it) only costs its
  // own routes: their scenarios then fail with 404, and this log says why.
  let plugin;
  try {
    plugin = await import(pathToFileURL(join(pluginDir, file)).href);
  } catch (error) {
    console.error(`bench/baseline/${file} ignoré : ${error?.message ?? error}`);
    skipped.push(file);
    continue;
  }
  if (typeof plugin.default !== 'function') throw new Error(`${file} doit exporter par défaut une fonction (app, ctx) => {}`);
  await app.register(plugin.default, ctx);
}

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  console.log(`${signal} reçu : arrêt du serveur de référence.`);
  try {
    await app.close();
    await Promise.all([ctx.sql.end(), ctx.orm.end()]);
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

const port = int('PORT', 3100);
await app.listen({ port, host: env.HOST || '127.0.0.1' });
console.log(`Serveur de référence disponible sur http://127.0.0.1:${port}${skipped.length ? ` (sans ${skipped.join(', ')})` : ''}`);
