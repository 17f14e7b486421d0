// The queue's schedules with several nodes (issue 32, docs/adr/0059): every node with workers defines
// the same schedules (the daily checkpoint, the sweeps, the reminders), and pg-boss sends each tick
// once whichever node sees it first. Three nodes with the checkpoint every minute: one job per minute.
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
  const perMinute = () =>
    db.query<{ minute: string; jobs: number; done: number }>(
      `select to_char(date_trunc('minute', created_on), 'HH24:MI') as minute, count(*)::int as jobs, count(*) filter (where state = 'completed')::int as done
         from jobs.job where name = $1 group by 1 order by 1`,
      [LEDGER_CHECKPOINT_JOB],
    );
  // Two ticks seen and run (a tick comes within a minute and the monitor's 30 s): up to three minutes.
  const ticks = await eventually(async () => {
    const rows = await perMinute();
    expect(rows.filter((row) => row.done > 0).length).toBeGreaterThanOrEqual(2);
    return rows;
  }, 200_000);
  expect(ticks.filter((row) => row.jobs !== 1)).toEqual([]);
  // The checkpoints the runs wrote follow each other (one writer at a time, whichever node ran the tick).
  const written = await db.query<{ seq: number }>('select seq from ledger.checkpoint order by seq');
  expect(written.map((row) => row.seq)).toEqual(written.map((_, i) => i + 1));
  expect(written.length).toBeGreaterThanOrEqual(1);
}, 240_000);
