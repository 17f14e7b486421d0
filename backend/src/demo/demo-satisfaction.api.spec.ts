// The demo's satisfaction questionnaires (issue 29 item 4, docs/adr/0054): through the real
// handlers, answered by the demo learners and an employer, the results visible to the admin.
import { QueryBus } from '@nestjs/cqrs';
import { GetSurveyResults } from '../contexts/satisfaction/testing.js';
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

it('has a hot and a cold questionnaire answered by the demo learners (two more invited, having completed a course), and an employer’s answer, with their rates', async () => {
  const questionnaires = await db.query<{ id: number; kind: string }>('select id, kind from satisfaction.questionnaire order by id');
  expect(questionnaires.map((q) => q.kind)).toEqual(['chaud', 'froid', 'employeur']);
  const results = await Promise.all(questionnaires.map((q) => t.app.get(QueryBus).execute(new GetSurveyResults(q.id, {}))));
  expect(results.map((r) => [r.sent, r.answered])).toEqual([[4, 2], [2, 1], [2, 1]]);
  expect(results[0].questions.find((q) => q.id === 'satisfaction')).toMatchObject({ answers: 2, average: 4.5 });
  expect(results[2].rates).toEqual([expect.objectContaining({ respondent_kind: 'employeur', session_name: expect.stringContaining('septembre'), rate: 0.5 })]);
});
