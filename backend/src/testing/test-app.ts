import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, type AppConfig } from '../platform/config/config.js';
import { createApp } from '../create-app.js';
import { createTestDatabase } from '../platform/testing/test-database.js';
import { TestClock } from '../platform/testing/test-clock.js';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  databaseUrl: string;
  /** The clock the whole application reads: real time unless the test sets it. */
  clock: TestClock;
  close(): Promise<void>;
}

function testConfig(dataDir: string, env: Record<string, string>): AppConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    FRONTEND_DIST: join(tmpdir(), 'lms-no-frontend'),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    // The job queue's worker only where a spec asks for it (`{ JOBS_ENABLED: 'true' }`): docs/adr/0031.
    JOBS_ENABLED: 'false',
    ...env,
  });
}

/** The real application on its own fresh database; requests go through Fastify's inject (no socket). */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(mkdtempSync(join(tmpdir(), 'lms-test-data-')), env);
  const clock = new TestClock();
  const app = await createApp(config, database.url, { logLevels: ['error'], clock });
  return {
    app,
    config,
    databaseUrl: database.url,
    clock,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * Another app node on the same database, storage and secrets as `first` (docs/adr/0059), with its
 * own clock; closing it leaves the database to `first`.
 */
export async function startSecondNode(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(first.config.dataDir, env);
  const clock = new TestClock();
  const app = await createApp(config, first.databaseUrl, { logLevels: ['error'], clock });
  return { app, config, databaseUrl: first.databaseUrl, clock, close: () => app.close() };
}
