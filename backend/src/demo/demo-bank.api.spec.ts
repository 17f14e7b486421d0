// The demo shows the question bank (issue 28 item 2, ADR 0045): Claire's bank of real-looking
// office questions, with several right answers and true/false, and a quiz of her course drawing
// five of them, shuffled, per attempt.
import { Database } from '../platform/database/database.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { seedDemoData } from './demo-data.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoData(t.app);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

it('gives Claire a bank with several right answers and true/false, and a quiz drawing from it', async () => {
  const db = t.app.get(Database);
  const bank = await db.query<{ category: string; kind: string; n: number }>(
    `select b.category, b.kind, count(*)::int as n from assessment.bank_question b group by b.category, b.kind order by b.category, b.kind`,
  );
  expect(bank.filter((r) => r.category === 'Excel – formules').map((r) => r.kind)).toEqual(['multiple', 'single', 'true-false']);
  expect(bank.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(10);
  const [quiz] = await db.query<{ title: string; draw_count: number; shuffle: boolean; available: number }>(
    `select z.title, z.draw_count, z.shuffle,
            (select count(*) from assessment.bank_question b where b.teacher_id = z.teacher_id and b.category = z.draw_category and b.archived_at is null)::int as available
       from assessment.quiz z where z.draw_category is not null`,
  );
  expect(quiz).toMatchObject({ title: 'Évaluation Excel – formules (tirage)', draw_count: 5, shuffle: true });
  expect(quiz!.available).toBeGreaterThanOrEqual(5);
});
