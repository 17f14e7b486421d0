import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh, empty database on the test server (see test/global-setup.ts), one per test file. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.LMS_TEST_SERVER_URL;
  if (!serverUrl) throw new Error('LMS_TEST_SERVER_URL manquant : lancez les tests avec jest.api.config.cjs');
  const name = `lms_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
