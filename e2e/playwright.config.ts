import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

const root = resolve(__dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
// As root, the embedded PostgreSQL runs as the 'postgres' user, which must be able to enter DATA_DIR.
const dataDir = mkdtempSync(join(tmpdir(), 'lms-e2e-'));
chmodSync(dataDir, 0o755);

/**
 * Browser tests: Debian's Chromium against the production build (backend/dist serving frontend/dist)
 * on a fresh embedded PostgreSQL seeded with the demo centre. Access tokens live 10 s here, so the
 * silent refresh is exercised for real.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Ceilings, not measures: a journey on a loaded 2-core machine (CI beside other work) takes
  // several times what it takes on a quiet one, and none of these asserts a duration.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: join(root, 'playwright-report') }]],
  outputDir: join(root, 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node backend/dist/main.js',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_DATABASE_PORT: String(port + 2000),
      SEED_DEMO_DATA: 'true',
      ACCESS_TOKEN_TTL_SECONDS: '10',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '500',
    },
  },
});
