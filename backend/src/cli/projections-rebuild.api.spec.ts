import type { Database } from '../platform/database/database.js';
import { rebuildCommand } from './projections-rebuild.js';
import { output, startWorkloadApp, type Workload } from './testing/event-log-workload.js';

// The command boots its own Nest application in this process. Its passport strategies replace the
// test app's in passport's global registry, so this file sends no HTTP request once it has run.
let w: Workload;
let db: Database;
let env: NodeJS.ProcessEnv;

async function liveDigests(): Promise<Record<string, string>> {
  const digest = async (table: string) =>
    (await db.one<{ d: string }>(`select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as d from ${table} t`))!.d;
  return { activity: await digest('eventlog.daily_activity'), accounts: await digest('identity.account_lifecycle') };
}

beforeAll(async () => {
  w = await startWorkloadApp();
  db = w.db;
  env = w.env;
}, 60_000);
afterAll(() => w?.t.close());

describe('npm run projections:rebuild', () => {
  it('--check compares a full replay with the live rows, and finds them identical', async () => {
    const { lines, out } = output();
    expect(await rebuildCommand(['--check'], env, out)).toBe(0);
    const identical = lines.log.filter((l) => l.includes('identique à la relecture'));
    expect(identical.some((l) => l.startsWith('eventlog.daily-activity :'))).toBe(true);
    expect(identical.some((l) => l.startsWith('identity.account-lifecycle :'))).toBe(true);
    expect(lines.error).toEqual([]);
  });

  it('rebuilds every projection into exactly the rows the live ones had', async () => {
    const before = await liveDigests();
    const { lines, out } = output();
    expect(await rebuildCommand([], env, out)).toBe(0);
    expect(lines.log.join('\n')).toMatch(/eventlog\.daily-activity : reconstruite, \d+ événement/);
    expect(await liveDigests()).toEqual(before);
  });

  it('rebuilds one projection by name and refuses an unknown one', async () => {
    const { lines, out } = output();
    expect(await rebuildCommand(['identity.account-lifecycle', '--json'], env, out)).toBe(0);
    const [report] = JSON.parse(lines.log.join('\n'));
    expect(report).toMatchObject({ name: 'identity.account-lifecycle', events: 12, rows: 8 });
    expect(await rebuildCommand(['nope'], env, out)).toBe(2);
    expect(lines.error.join()).toContain('Projection inconnue : « nope »');
  });

  it('--check fails when a live row was changed behind the projection', async () => {
    await db.query(`update identity.account_lifecycle set suspensions = suspensions + 5 where role = 'teacher'`);
    let rebuilt: number;
    try {
      const { lines, out } = output();
      expect(await rebuildCommand(['identity.account-lifecycle', '--check'], env, out)).toBe(1);
      expect(lines.error.join()).toContain('DIFFÉRENTE');
    } finally {
      // The rebuild puts the live rows back, for the other tests of this file, even when a check above fails.
      rebuilt = await rebuildCommand(['identity.account-lifecycle'], env, output().out);
    }
    expect(rebuilt).toBe(0);
    expect(await rebuildCommand(['--check'], env, output().out)).toBe(0);
  });
});

