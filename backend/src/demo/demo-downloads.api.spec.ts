// The demo's documents downloaded (indicator 19, docs/adr/0056): the first course's learners took
// its documents, so the director's dashboard shows « Documents téléchargés » above zero.
import { eventually } from '../platform/testing/eventually.js';
import { login } from '../testing/fixtures.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { seedDemoData } from './demo-data.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.app);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

it('shows documents downloaded on the indicators dashboard, with the learners behind them', async () => {
  const admin = DEMO_ACCOUNTS.admin;
  const token = (await login(t, 'admin', admin.email, admin.password)).json().access as string;
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json();
  await eventually(async () => {
    const view = await get('/api/admin/indicators/');
    expect(view.cohort.documents_downloaded).toBeGreaterThanOrEqual(3);
    expect(view.cohort.downloaded_any).toBe(2);
  });
  const page = await get('/api/admin/indicators/learners/?figure=downloaded');
  expect(page.count).toBe(2);
  expect(page.results.every((r: { documents_downloaded: number }) => r.documents_downloaded > 0)).toBe(true);
}, 60_000);
