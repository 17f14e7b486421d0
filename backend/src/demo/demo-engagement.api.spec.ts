// The demo's engagement alerts (docs/adr/0053): Nadia inactive and Karim not started are listed
// with the reminder the daily job sent them three days before the seeding, and nobody is due again.
import { login } from '../testing/fixtures.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { EngagementReminders } from '../contexts/engagement/testing.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { seedDemoData } from './demo-data.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.app);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

it('lists Nadia (inactive) and Karim (not started) with their first reminder, sent by the job three days ago', async () => {
  const admin = DEMO_ACCOUNTS.admin;
  const token = (await login(t, 'admin', admin.email, admin.password)).json().access as string;
  const page = (await t.app.inject({ method: 'GET', url: '/api/engagement/alerts/?page_size=50', headers: { authorization: `Bearer ${token}` } })).json();
  const rows = page.results.map((r: { student_name: string; kind: string; reminders: { nth: number; manual: boolean }[] }) => [r.student_name, r.kind, r.reminders.map((m) => m.nth)]);
  expect(rows).toEqual(expect.arrayContaining([['Karim Haddad', 'not_started', [1]], ['Nadia Benali', 'inactive', [1]]]));
  const sent = (await t.app.inject({ method: 'GET', url: '/api/engagement/reminders/?page_size=50', headers: { authorization: `Bearer ${token}` } })).json();
  for (const reminder of sent.results as { decided_at: string; mailed_at: string | null; manual: boolean }[]) {
    expect(Date.now() - new Date(reminder.decided_at).getTime()).toBeGreaterThan(2.9 * 86_400_000);
    expect(reminder).toMatchObject({ manual: false, mailed_at: expect.any(String) });
  }
  // The day's job has nothing due: every alert was reminded within the interval.
  expect(await t.app.get(EngagementReminders).runDaily()).toEqual({ decided: 0, mailed: 0 });
}, 60_000);
