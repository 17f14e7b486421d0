// The queue's schedules with several nodes (issue 32, docs/adr/0059): every node with workers defines
// the same schedules (the daily checkpoint, the sweeps, the reminders), and pg-boss sends each tick
// once whichever node sees it first. Three nodes with the checkpoint every minute: one job per minute
// (pg-boss files each occurrence in its minute's slot on its internal send-it queue, deduplicated there).
import { Database } from './platform/database/database.js';
import { eventually } from './platform/testing/eventually.js';
import { LEDGER_CHECKPOINT_JOB } from './platform/ledger/ledger.service.js';
import { startSecondNode, startTestApp, type TestApp } from './testing/test-app.js';

const EVERY_MINUTE = { JOBS_ENABLED: 'true', LEDGER_CHECKPOINT_CRON: '* * * * *' };
const nodes: TestApp[] = [];

beforeAll(async () => {
  const first = await startTestApp(EVERY_MINUTE);
  nodes.push(first, await startSecondNode(first, EVERY_MINUTE), await startSecondNode(first, EVERY_MINUTE));
}, 120_000);

afterAll(async () => {
  for (const node of nodes.reverse()) await node.close();
});

it('sends a scheduled job once per tick with three nodes scheduling it, and one of them runs it', async () => {
  const db = nodes[0]!.app.get(Database);
  // Two ticks run (a tick comes within a minute and the monitor's 30 s): up to three minutes.
  await eventually(async () => {
    const [{ done }] = await db.query<{ done: number }>("select count(*)::int as done from jobs.job where name = $1 and state = 'completed'", [LEDGER_CHECKPOINT_JOB]);
    expect(done).toBeGreaterThanOrEqual(2);
  }, 200_000);
  // Each node's monitor files every occurrence it sees under the occurrence's own minute (its slot):
  // one filing per slot whichever nodes saw it, and one job per filing, however late a busy node was.
  const filings = await db.query<{ slot: string; times: number }>(
    `select data->>'slot' as slot, count(*)::int as times from jobs.job where name = '__pgboss__send-it' and data->>'name' = $1 group by 1 order by 1`,
    [LEDGER_CHECKPOINT_JOB],
  );
  expect(filings.length).toBeGreaterThanOrEqual(2);
  expect(filings.filter((filing) => filing.times !== 1)).toEqual([]);
  const [{ jobs }] = await db.query<{ jobs: number }>('select count(*)::int as jobs from jobs.job where name = $1', [LEDGER_CHECKPOINT_JOB]);
  expect(jobs).toBeLessThanOrEqual(filings.length);
  // The checkpoints the runs wrote follow each other (one writer at a time, whichever node ran the tick).
  const written = await db.query<{ seq: number }>('select seq from ledger.checkpoint order by seq');
  expect(written.length).toBeGreaterThanOrEqual(1);
  expect(written.map((row) => row.seq)).toEqual(written.map((_, i) => i + 1));
}, 240_000);
