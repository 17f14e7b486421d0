// A node with JOBS_ENABLED=false sends jobs and reads their status; the nodes that work run them,
// once (issue 32, docs/adr/0059). Before, such a node had no queue at all: it refused imports,
// dossier batches and the survey dispatch with a 409.
import { eventually } from './platform/testing/eventually.js';
import { call, givenAdmin } from './testing/fixtures.js';
import { startSecondNode, startTestApp, type TestApp } from './testing/test-app.js';
import { Jobs } from './platform/jobs/jobs.service.js';

let sender: TestApp;
let worker: TestApp;

beforeAll(async () => {
  sender = await startTestApp({ JOBS_ENABLED: 'false' });
  worker = await startSecondNode(sender, { JOBS_ENABLED: 'true' });
});

afterAll(async () => {
  await worker?.close();
  await sender?.close();
});

it('a node without workers sends a job that a node with workers runs once, and reads its status', async () => {
  const senderJobs = sender.app.get(Jobs);
  expect([senderJobs.sending, senderJobs.running]).toEqual([true, false]);
  const ran: number[] = [];
  await worker.app.get(Jobs).define<{ n: number }>({ name: 'noeuds-compte', retryLimit: 2, handler: async (job) => { ran.push(job.data.n); } });
  await senderJobs.declare('noeuds-compte', 2);
  const ids: string[] = [];
  for (let n = 0; n < 5; n++) ids.push(await senderJobs.send('noeuds-compte', { n }));
  await eventually(async () => {
    for (const id of ids) expect((await senderJobs.status(id))?.state).toBe('completed');
  });
  expect([...ran].sort()).toEqual([0, 1, 2, 3, 4]);

  // A real job through the API: the admin launches the survey dispatch on the node without workers.
  const admin = await givenAdmin(sender);
  const launched = await call(sender, 'POST', '/api/admin/questionnaires/dispatch', admin.token);
  expect(launched.statusCode).toBe(201);
  const jobId = launched.json().job_id as string;
  await eventually(async () => {
    const status = await call(sender, 'GET', `/api/admin/jobs/${jobId}`, admin.token);
    expect([status.statusCode, status.json().state, status.json().attempts]).toEqual([200, 'completed', 1]);
  });
});
