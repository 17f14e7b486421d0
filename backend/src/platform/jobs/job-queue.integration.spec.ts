import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestDatabase } from '../testing/test-database.js';
import { eventually } from '../testing/eventually.js';
import { JobQueue } from './job-queue.js';

/** The queue against a real PostgreSQL (docs/adr/0031): restart, two nodes, retries, progress. */
describe('JobQueue (pg-boss, real PostgreSQL)', () => {
  let db: { url: string; drop: () => Promise<void> };
  const queues: JobQueue[] = [];
  const queue = async () => {
    const created = new JobQueue(db.url, { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 2 });
    await created.start();
    queues.push(created);
    return created;
  };

  beforeEach(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop(5).catch(() => undefined);
    await db.drop();
  });

  it('runs a job sent before a restart once, after the restart', async () => {
    const first = await queue();
    await first.declare('image', 2);
    const id = await first.send('image', { key: 'logo' });
    await first.stop(5);
    queues.splice(queues.indexOf(first), 1);

    const ran: string[] = [];
    const second = await queue();
    await second.define<{ key: string }>({ name: 'image', retryLimit: 2, handler: async (job) => { ran.push(job.data.key); } });
    await eventually(async () => expect((await second.status(id))?.state).toBe('completed'));
    expect(ran).toEqual(['logo']);
  });

  it('runs each job once with two app nodes polling the same database', async () => {
    const ran: string[] = [];
    const nodes = [await queue(), await queue()];
    for (const node of nodes) {
      await node.define<{ n: number }>({ name: 'count', retryLimit: 0, handler: async (job) => { ran.push(`${job.data.n}`); } });
    }
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) ids.push(await nodes[n % 2].send('count', { n }));
    await eventually(async () => {
      for (const id of ids) expect((await nodes[0].status(id))?.state).toBe('completed');
    });
    expect([...ran].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('retries a failing job up to its limit, then reads failed', async () => {
    let tries = 0;
    const q = await queue();
    await q.define({ name: 'fails', retryLimit: 2, handler: async () => { tries++; throw new Error('échec voulu'); } });
    const id = await q.send('fails', {});
    await eventually(async () => expect((await q.status(id))?.state).toBe('failed'), 60_000);
    expect(tries).toBe(3);
    expect((await q.status(id))?.retryCount).toBe(2);
  });

  it('shows the progress a handler reports, and null for an unknown id', async () => {
    const q = await queue();
    await q.define({ name: 'batch', retryLimit: 0, handler: async (job) => { await job.progress(3, 4); } });
    const id = await q.send('batch', {});
    await eventually(async () => expect(await q.status(id)).toMatchObject({ state: 'completed', progress: { done: 3, total: 4 } }));
    expect(await q.status('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('gives pg-boss the expiry a definition asks for: read back from the queue and from the job row', async () => {
    const q = await queue();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await q.define({ name: 'long', retryLimit: 0, expireInSeconds: 6 * 3600, handler: () => held });
    const id = await q.send('long', {});
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const queueRow = await client.query<{ expire_seconds: number }>('select expire_seconds from jobs.queue where name = $1', ['long']);
      expect(queueRow.rows[0]?.expire_seconds).toBe(6 * 3600);
      const jobRow = await client.query<{ expire_seconds: number }>('select expire_seconds from jobs.job where id = $1', [id]);
      expect(jobRow.rows[0]?.expire_seconds).toBe(6 * 3600);
    } finally {
      release();
      await client.end();
    }
    await eventually(async () => expect((await q.status(id))?.state).toBe('completed'));
  });

  it('keeps what a handler returns as the job output, read back by status', async () => {
    const q = await queue();
    await q.define({ name: 'answers', retryLimit: 0, handler: async () => ({ skipped: [{ student_id: 7, reason: 'Compte clos.' }] }) });
    const id = await q.send('answers', {});
    await eventually(async () => expect(await q.status(id)).toMatchObject({ state: 'completed', output: { skipped: [{ student_id: 7, reason: 'Compte clos.' }] } }));
  });

  it('deletes the progress of jobs pg-boss no longer keeps (after its retention), and only those', async () => {
    const q = await queue();
    await q.define({ name: 'kept', retryLimit: 0, handler: async (job) => { await job.progress(1, 1); } });
    const kept = await q.send('kept', {});
    const gone = await q.send('kept', {});
    await eventually(async () => {
      expect((await q.status(kept))?.state).toBe('completed');
      expect((await q.status(gone))?.state).toBe('completed');
    });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const rows = async () => (await client.query<{ job_id: string }>('select job_id from jobs.job_progress order by job_id')).rows.map((r) => r.job_id);
      expect(await rows()).toEqual([kept, gone].sort());
      // What pg-boss's retention does to a finished job once deleteAfterSeconds has passed.
      await client.query('delete from jobs.job where id = $1', [gone]);
      expect(await q.cleanProgress()).toBe(1);
      expect(await rows()).toEqual([kept]);
      // And it runs by itself after every job.
      await client.query('delete from jobs.job where id = $1', [kept]);
      const next = await q.send('kept', {});
      await eventually(async () => expect(await rows()).toEqual([next]));
    } finally {
      await client.end();
    }
  });

  it('retries, within its heartbeat, a job whose worker process was killed (SIGKILL) mid-run, not after its expiry', async () => {
    // The queue as the app defines a long batch's: 6 h before a try is taken for lost, beats every 5 s.
    const definition = { name: 'killed', retryLimit: 2, expireInSeconds: 6 * 3600, heartbeatSeconds: 10 };
    const sender = await queue();
    await sender.declare(definition.name, definition.retryLimit);
    const ran: string[] = [];
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const child = spawn(process.execPath, [fileURLToPath(new URL('./killed-worker.fixture.mjs', import.meta.url)), db.url, definition.name], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const said: string[] = [];
      child.stdout.on('data', (chunk: Buffer) => said.push(chunk.toString()));
      // The queue with the app's options, created before the worker polls it.
      const creator = await queue();
      await creator.define({ ...definition, handler: async () => { throw new Error('pas ici'); } });
      await creator.stop(1);
      queues.splice(queues.indexOf(creator), 1);
      const id = await sender.send(definition.name, { lot: 1 });
      await eventually(async () => expect(said.join('')).toContain(`active ${id}`), 60_000);
      expect((await client.query('select expire_seconds, heartbeat_seconds from jobs.job where id = $1', [id])).rows[0]).toEqual({ expire_seconds: 6 * 3600, heartbeat_seconds: 10 });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      // Another node takes the queue: the job, lost with its process, is retried there and completes once.
      const survivor = await queue();
      await survivor.define({ ...definition, handler: async (job) => { ran.push(job.id); } });
      await eventually(async () => expect((await survivor.status(id))?.state).toBe('completed'), 200_000);
      expect(ran).toEqual([id]);
      expect((await survivor.status(id))?.retryCount).toBe(1);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await client.end();
    }
  }, 300_000);
});
