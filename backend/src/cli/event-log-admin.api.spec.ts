import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { projectRoot } from '../platform/config/config.js';
import type { Database } from '../platform/database/database.js';
import type { TestApp } from '../testing/test-app.js';
import { publishedReadModels } from '../testing/sql-boundaries.js';
import { analyticsRoleCommand } from './analytics-role.js';
import { verifyCommand } from './eventlog-verify.js';
import { output, startWorkloadApp, type Workload } from './testing/event-log-workload.js';

let w: Workload;
let t: TestApp;
let db: Database;
let env: NodeJS.ProcessEnv;
let adminToken: string;
let studentToken: string;

const call = (method: 'GET' | 'POST', url: string, token?: string) => t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  w = await startWorkloadApp();
  ({ t, db, env, adminToken, studentToken } = w);
}, 60_000);
afterAll(() => w?.t.close());

describe('npm run eventlog:verify', () => {
  it('finds every chain intact', async () => {
    const { lines, out } = output();
    expect(await verifyCommand([], env, out)).toBe(0);
    expect(lines.log.join('\n')).toMatch(/5\d événement\(s\) dans \d+ flux vérifiés[\s\S]*OK : toutes les chaînes sont intactes/);
  });

  it('exits 1 and names the event a superuser altered, and passes again once it is put back', async () => {
    const target = (await db.one<{ position: number; stream_id: string; payload: string }>(
      `select position, stream_id, payload::text as payload from eventlog.event where event_type = 'AccountSuspended' order by position limit 1`,
    ))!;
    const superuser = new pg.Client({ connectionString: t.databaseUrl });
    await superuser.connect();
    const setPayload = (payload: string) => superuser.query(`update eventlog.event set payload = $2::jsonb where position = $1`, [target.position, payload]);
    try {
      await superuser.query(`set session_replication_role = replica`);
      await setPayload(JSON.stringify({ ...JSON.parse(target.payload), profileId: 999 }));
      const { lines, out } = output();
      expect(await verifyCommand([], env, out)).toBe(1);
      expect(lines.error[0]).toContain(`MAILLON ROMPU : événement n° ${target.position}`);
      expect(lines.error[0]).toContain(`flux identity.account/${target.stream_id}`);

      const json = output();
      expect(await verifyCommand(['--stream', `identity.account/${target.stream_id}`, '--json'], env, json.out)).toBe(1);
      expect(JSON.parse(json.lines.log[0]).broken[0]).toMatchObject({ position: target.position, problem: 'hash' });
      expect(await verifyCommand(['--stream', 'test.course'], env, output().out)).toBe(0);
    } finally {
      // The other tests of this file read an intact log, whatever the order they run in.
      await setPayload(target.payload);
      await superuser.end();
    }
    expect(await verifyCommand([], env, output().out)).toBe(0);
  });

  it('refuses unknown arguments with exit code 2', async () => {
    const { lines, out } = output();
    expect(await verifyCommand(['--oops'], env, out)).toBe(2);
    expect(lines.error[0]).toContain('Argument inconnu');
  });
});

describe('GET /api/admin/event-log/', () => {
  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/event-log/')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/event-log/', studentToken)).statusCode).toBe(403);
  });

  it('pages the log, newest first, with links to the next and previous pages', async () => {
    const total = (await db.one<{ n: number }>('select count(*)::int as n from eventlog.event'))!.n;
    const first = (await call('GET', '/api/admin/event-log/?page_size=10', adminToken)).json();
    expect(first.count).toBe(total);
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/\/api\/admin\/event-log\/\?page_size=10&page=2$/);
    const positions = first.results.map((e: { position: number }) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const second = (await call('GET', '/api/admin/event-log/?page_size=10&page=2', adminToken)).json();
    expect(second.previous).toMatch(/page=1$/);
    expect(second.results[0].position).toBeLessThan(positions[9]);
    expect(Object.keys(first.results[0]).sort()).toEqual(
      ['event_id', 'event_type', 'hash', 'metadata', 'occurred_at', 'payload', 'position', 'prev_hash', 'recorded_at', 'schema_version', 'stream_id', 'stream_type', 'stream_version'].sort(),
    );
  });

  it('filters by stream, event type, actor and day (of the centre, Paris time)', async () => {
    const byType = (await call('GET', '/api/admin/event-log/?event_type=TestRunFinished&page_size=200', adminToken)).json();
    expect(byType.count).toBe(14);
    const byStream = (await call('GET', '/api/admin/event-log/?stream_type=test.course&stream_id=3&order=asc', adminToken)).json();
    expect(byStream.results.map((e: { stream_version: number }) => e.stream_version)).toEqual([1, 2, 3, 4, 5, 6]);
    const byActor = (await call('GET', `/api/admin/event-log/?actor_id=${w.adminAccountId}`, adminToken)).json();
    // The admin suspended and reactivated (the workload's toggles speak as the admin) and changed a password.
    expect(byActor.results.map((e: { event_type: string }) => e.event_type)).toEqual(['PasswordChanged', 'AccountReactivated', 'AccountSuspended', 'AccountSuspended']);
    // 22:30 UTC on 1 November is 23:30 in Paris: still the 1st; on 2 November, the 2nd.
    const day = (await call('GET', '/api/admin/event-log/?stream_type=test.course&from=2026-11-02&to=2026-11-03', adminToken)).json();
    expect(day.count).toBe(16);
  });

  it('refuses bad filters with French messages', async () => {
    const response = await call('GET', '/api/admin/event-log/?page_size=1000&from=hier', adminToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      page_size: ['La taille de page doit être comprise entre 1 et 200.'],
      from: ['La date de début doit être au format AAAA-MM-JJ ou ISO 8601.'],
    });
    expect((await call('GET', '/api/admin/event-log/?to=2026-02-31', adminToken)).json().message).toBe("Cette date n'existe pas.");
  });
});

describe('projection status', () => {
  it('shows every projection to admins: checkpoint, lag, last error', async () => {
    expect((await call('GET', '/api/admin/projections/', studentToken)).statusCode).toBe(403);
    const status = (await call('GET', '/api/admin/projections/', adminToken)).json();
    expect(status).toMatchObject({ status: 'ok', runner: 'on' });
    const names = status.items.map((i: { name: string }) => i.name);
    expect(names).toEqual(expect.arrayContaining(['eventlog.daily-activity', 'identity.account-lifecycle']));
    expect(names).toEqual([...names].sort());
    expect(status.items.find((i: { name: string }) => i.name === 'eventlog.daily-activity')).toMatchObject({ kind: 'projection', registered: true, status: 'ok', lag_events: 0, last_error: null, handles: 'all' });
  });

  it('shows their state and lag on /api/health too, without authentication, but no error text', async () => {
    const health = (await call('GET', '/api/health')).json();
    expect(health).toMatchObject({ status: 'ok', database: 'ok', projections: { status: 'ok', runner: 'on' } });
    const item = health.projections.items.find((i: { name: string }) => i.name === 'identity.account-lifecycle');
    expect(item).toEqual({ name: 'identity.account-lifecycle', kind: 'projection', status: 'ok', lag_events: 0, lag_seconds: expect.any(Number) });
  });

  it('answers 404 to a retry of an unknown projection', async () => {
    expect((await call('POST', '/api/admin/projections/nope/retry/', adminToken)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/projections/identity.account-lifecycle/retry/', adminToken)).statusCode).toBe(202);
  });
});

/** One view per projection of the log (docs/analytics.md). */
const ANALYTICS_VIEWS = [
  'accounts', 'course_stats', 'courses', 'daily_activity', 'headcount', 'quiz_attempts', 'quiz_completions', 'reply_delays',
  'student_counters', 'student_course_progress', 'student_progress', 'trainer_students', 'weekly_activity', 'weekly_learners',
];
const contexts = join(projectRoot, 'backend/src/contexts');

describe('the read models the contexts publish (contracts/*.read-models.ts)', () => {
  it('are views of their own context’s schema', async () => {
    const published = [...publishedReadModels(contexts).values()].flatMap((set) => [...set]).sort();
    expect(published.length).toBeGreaterThanOrEqual(6);
    const views = await db.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.views where table_schema || '.' || table_name = any($1::text[]) order by 1`,
      [published],
    );
    expect(views.map((v) => v.name)).toEqual(published);
  });
});

describe('the analysts’ read-only role', () => {
  it('reads every analytics view, each without personal data, and nothing else: no table, no published read model', async () => {
    const role = `lms_analyst_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(16).toString('hex');
    const { lines, out } = output();
    expect(await analyticsRoleCommand([role, '--password', password], env, out)).toBe(0);
    expect(lines.log[0]).toContain(`Rôle « ${role} » prêt`);
    const url = new URL(t.databaseUrl);
    url.username = role;
    url.password = password;
    const analyst = new pg.Client({ connectionString: url.toString() });
    await analyst.connect();
    try {
      const accounts = await analyst.query(`select role, count(*)::int as n from accounts group by role order by role`);
      expect(accounts.rows).toEqual([
        { role: 'admin', n: 1 },
        { role: 'student', n: 6 },
        { role: 'teacher', n: 1 },
      ]);
      expect((await analyst.query(`select sum(events)::int as n from analytics.daily_activity where stream_type = 'test.course'`)).rows[0].n).toBe(40);
      await expect(analyst.query(`select * from identity.account`)).rejects.toMatchObject({ code: '42501' });
      await expect(analyst.query(`select * from eventlog.event`)).rejects.toMatchObject({ code: '42501' });
      await expect(analyst.query(`select * from identity.account_lifecycle`)).rejects.toMatchObject({ code: '42501' });
      await expect(analyst.query(`delete from analytics.daily_activity`)).rejects.toMatchObject({ code: expect.stringMatching(/^(25006|42501)$/) });
      await expect(analyst.query(`begin read write; insert into analytics.daily_activity values ('2026-01-01', 'x', 'Y', 1)`)).rejects.toMatchObject({ code: '42501' });
      await analyst.query('rollback');

      // Every projection's view, pseudonymous: ids, dates and figures, no name, e-mail, login, phone or case number.
      const columns = (await analyst.query<{ view: string; column: string }>(
        `select table_name as view, column_name as column from information_schema.columns where table_schema = 'analytics' order by table_name, ordinal_position`,
      )).rows;
      const views = [...new Set(columns.map((c) => c.view))].sort();
      expect(views).toEqual(ANALYTICS_VIEWS);
      for (const view of views) expect((await analyst.query(`select * from analytics.${view} limit 1`)).fields.length).toBeGreaterThan(0);
      expect(columns.filter((c) => /name|nom|mail|login|phone|telephone|dossier|title/i.test(c.column))).toEqual([]);
      // The read models the contexts publish for each other hold personal data: not for the analysts.
      for (const view of [...publishedReadModels(contexts).values()].flatMap((set) => [...set])) {
        await expect(analyst.query(`select * from ${view} limit 1`)).rejects.toMatchObject({ code: '42501' });
      }
    } finally {
      await analyst.end();
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      await admin.query(`drop owned by ${role}`);
      await admin.query(`drop role ${role}`);
      await admin.end();
    }
  });
});
