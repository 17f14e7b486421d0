import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Database } from './platform/database/database.js';
import { until } from './platform/event-log/testing/event-log-harness.js';
import { Jobs } from './platform/jobs/jobs.service.js';
import { LEDGER_CHECKPOINT_JOB, LedgerService } from './platform/ledger/ledger.service.js';
import { givenStudent } from './testing/fixtures.js';
import { startTestApp, type TestApp } from './testing/test-app.js';

let t: TestApp;
let server: Server;
let status = 503;
const received: unknown[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (status === 200) received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({
    JOBS_ENABLED: 'true',
    SHUTDOWN_GRACE_SECONDS: '5',
    LEDGER_ANCHOR_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ancre`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the ledger on the job queue', () => {
  it('schedules the daily checkpoint once across nodes (a pg-boss schedule)', async () => {
    const rows = await t.app.get(Database).query<{ name: string; cron: string; timezone: string }>('select name, cron, timezone from jobs.schedule where name = $1', [LEDGER_CHECKPOINT_JOB]);
    expect(rows).toEqual([expect.objectContaining({ name: LEDGER_CHECKPOINT_JOB, cron: '15 2 * * *', timezone: 'Europe/Paris' })]);
  });

  it('writes a checkpoint when the job runs, and retries its external copy until the receiver takes it', async () => {
    await givenStudent(t);
    await t.app.get(Jobs).send(LEDGER_CHECKPOINT_JOB, {});
    const db = t.app.get(Database);
    await until(async () => (await t.app.get(LedgerService).latest()) !== null, 60_000, 'le point de contrôle');
    await until(async () => ((await db.one<{ n: number }>('select count(*)::int as n from ledger.anchor_delivery where not delivered'))?.n ?? 0) >= 1, 60_000, 'un premier essai refusé');
    status = 200;
    await until(async () => received.length === 1, 120_000, 'la copie remise au nouvel essai');
    expect(received[0]).toMatchObject({ type: 'lms-ledger-checkpoint', seq: 1 });
    const tries = await db.query<{ delivered: boolean }>('select delivered from ledger.anchor_delivery where checkpoint_seq = 1 order by id');
    expect(tries.at(-1)).toEqual({ delivered: true });
    // The queue's retry comes a minute after the refusal (retryDelaySeconds: 60): a generous deadline.
  }, 300_000);
});
