import { mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import { createApp } from './create-app.js';
import { APP_CONFIG, loadConfig, type AppConfig } from './platform/config/config.js';
import { mediaRoot } from './platform/platform.module.js';
import { MIGRATION_NAMES } from './platform/database/migrate-once.js';
import { createTestDatabase } from './platform/testing/test-database.js';

/** Issue 32: nodes that start together on an empty database apply each migration once, and all serve. */
describe('migrations with several nodes starting together', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: NestFastifyApplication[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
  });

  it('three nodes start at once with their job queues: every migration applied once, each node answers', async () => {
    const config = () => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'lms-test-data-')), FRONTEND_DIST: join(tmpdir(), 'lms-no-frontend'), JOBS_ENABLED: 'true' });
    const started = await Promise.allSettled([0, 1, 2].map(() => createApp(config(), database.url, { logLevels: ['error'] })));
    for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
    expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; times: number }>('select name, count(*)::int as times from mikro_orm_migrations group by name');
      expect(rows.map((row) => row.name).sort()).toEqual([...MIGRATION_NAMES].sort());
      expect(rows.filter((row) => row.times !== 1)).toEqual([]);
    } finally {
      await client.end();
    }
    for (const app of apps) {
      const health = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(health.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', storage: 'ok' });
      expect(health.statusCode).toBe(200);
    }
  });

  it('a node is not ready while a migration it knows is missing, or its storage cannot be written', async () => {
    const [app] = apps;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1];
      await client.query('update mikro_orm_migrations set name = $1 where name = $2', [`${last}-absente`, last]);
      const pending = await app.inject({ method: 'GET', url: '/api/ready' });
      expect([pending.statusCode, pending.headers['retry-after'], pending.json()]).toEqual([503, '5', { status: 'unavailable', database: 'ok', migrations: 'en_attente', storage: 'ok' }]);
      await client.query('update mikro_orm_migrations set name = $1 where name = $2', [last, `${last}-absente`]);
    } finally {
      await client.end();
    }
    const media = mediaRoot(app.get<AppConfig>(APP_CONFIG));
    renameSync(media, `${media}-ailleurs`);
    try {
      const noStorage = await app.inject({ method: 'GET', url: '/api/ready' });
      expect([noStorage.statusCode, noStorage.json()]).toEqual([503, { status: 'unavailable', database: 'ok', migrations: 'ok', storage: 'indisponible' }]);
    } finally {
      renameSync(`${media}-ailleurs`, media);
    }
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
