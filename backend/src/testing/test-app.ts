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

/** The real application on its own fresh database; requests go through Fastify's inject (no socket). */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lms-test-data-')),
    FRONTEND_DIST: join(tmpdir(), 'lms-no-frontend'),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    // The job queue's worker only where a spec asks for it (`{ JOBS_ENABLED: 'true' }`): docs/adr/0031.
    JOBS_ENABLED: 'false',
    ...env,
  });
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
