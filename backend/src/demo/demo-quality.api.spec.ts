// The demo's complaints and improvement log (issue 29 item 6, docs/adr/0048): through the real
// handlers, in every state of the register, with handling times by the quality desk's clock.
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

describe('the demo complaints and improvement log', () => {
  it('are four complaints in every state, from visitors and learners, and four improvement actions from each source', async () => {
    const complaints = await db.query<{ filer_kind: string; category: string; status: string; handling_seconds: number | null; answers: number }>(
      `select filer_kind, category, status, handling_seconds, (select count(*)::int from quality.complaint_answer a where a.complaint_id = q.id) as answers
         from quality.complaint q order by id`,
    );
    expect(complaints.map((c) => [c.filer_kind, c.category, c.status, c.answers])).toEqual([
      ['visitor', 'documents', 'close', 1],
      ['student', 'technique', 'traitee', 1],
      ['student', 'formateur', 'en_cours', 1],
      ['visitor', 'administratif', 'recue', 0],
    ]);
    expect(complaints.map((c) => c.handling_seconds === null ? null : Math.round(c.handling_seconds / 86_400))).toEqual([2, 1, 1, null]);
    const actions = await db.query<{ source: string; status: string; complaint_id: number | null }>('select source, status, complaint_id from quality.improvement_action order by id');
    expect(actions.map((a) => [a.source, a.status, a.complaint_id !== null])).toEqual([
      ['reclamation', 'terminee', true], ['reclamation', 'en_cours', true], ['enquete', 'terminee', false], ['audit', 'a_faire', false],
    ]);
    const events = await db.query<{ n: number }>(`select count(*)::int as n from eventlog.event where event_type like 'Complaint%' or event_type like 'ImprovementAction%'`);
    expect(events[0]!.n).toBeGreaterThan(10);
  });
});
