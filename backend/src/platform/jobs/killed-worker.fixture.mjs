// A worker process for job-queue.integration.spec.ts: it takes one job of the queue named in its
// arguments, says so on stdout, and never finishes it, until the spec kills it with SIGKILL.
import { PgBoss } from 'pg-boss';

const [databaseUrl, name] = process.argv.slice(2);
const boss = new PgBoss({ connectionString: databaseUrl, schema: 'jobs' });
boss.on('error', () => undefined);
await boss.start();
await boss.work(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
  process.stdout.write(`active ${job.id}\n`);
  await new Promise(() => undefined);
});
process.stdout.write('ready\n');
