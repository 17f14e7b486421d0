// The demo's technical-support requests (issue 26 item 5, docs/adr/0037): through the real handlers,
// one resolved after a trainer's answer, one answered by the admin, one open; delays by the desk's clock.
import { Database } from '../platform/database/database.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { seedDemoData } from './demo-data.js';

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  await seedDemoData(t.app);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo support requests', () => {
  it('are one resolved, one answered, one open, each with its events and server-computed delay', async () => {
    const rows = await db.query<{ category: string; status: string; response_seconds: number | null; course_id: number | null }>(
      'select category, status, response_seconds, course_id from tutoring.support_request order by id',
    );
    expect(rows.map((r) => [r.category, r.status, r.response_seconds, r.course_id === null])).toEqual([
      ['video', 'resolue', 9000, false],
      ['scorm', 'repondue', 6300, false],
      ['connexion', 'ouverte', null, true],
    ]);
    const events = await db.query<{ event_type: string }>(`select event_type from eventlog.event where event_type like 'SupportRequest%' order by position`);
    expect(events.map((e) => e.event_type)).toEqual([
      'SupportRequestOpened', 'SupportRequestAnswered', 'SupportRequestResolved', 'SupportRequestOpened', 'SupportRequestAnswered', 'SupportRequestOpened',
    ]);
    const [answer] = await db.query<{ author_role: string }>('select author_role from tutoring.support_answer order by id limit 1');
    expect(answer!.author_role).toBe('teacher');
  });
});
