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

it('has a hot and a cold questionnaire answered by the demo learners (two more invited, having completed a course), an employer’s answer, and the contacts and the trainer invited without typing, with their rates', async () => {
  const questionnaires = await db.query<{ id: number; kind: string }>('select id, kind from satisfaction.questionnaire order by id');
  expect(questionnaires.map((q) => q.kind)).toEqual(['chaud', 'froid', 'employeur', 'financeur', 'formateur']);
  const results = await Promise.all(questionnaires.map((q) => t.app.get(QueryBus).execute(new GetSurveyResults(q.id, {}))));
  // Employers: two typed by hand, and from the enrolments Boulangerie Martin SARL (Inès, September session) and Transports Mercier
  // (Léa's completed agile course); funders: France Travail, the Caisse des Dépôts, OPCO EP; the session's trainer.
  expect(results.map((r) => [r.sent, r.answered])).toEqual([[4, 2], [2, 1], [4, 1], [3, 0], [1, 0]]);
  const contacts = await db.query<{ respondent_kind: string; email: string }>(
    `select respondent_kind, email from satisfaction.invitation where questionnaire_id = any($1::int[]) and student_id is null order by respondent_kind, email`, [questionnaires.slice(2).map((q) => q.id)],
  );
  expect(contacts.filter((c) => !/durand|lemaire/.test(c.email)).map((c) => [c.respondent_kind, c.email])).toEqual([
    ['employeur', 'contact@boulangerie-martin.fr'],
    ['employeur', 'rh@transports-mercier.fr'],
    ['financeur', 'conseil.paysdelaloire@opcoep.fr'],
    ['financeur', 'formation.idf@francetravail.fr'],
    ['financeur', 'qualite.organismes@caissedesdepots.fr'],
    ['formateur', expect.stringContaining('@')],
  ]);
  expect(results[0].questions.find((q) => q.id === 'satisfaction')).toMatchObject({ answers: 2, average: 4.5 });
  expect(results[2].rates).toEqual([
    expect.objectContaining({ respondent_kind: 'employeur', session_name: expect.stringContaining('septembre'), sent: 3, answered: 1 }),
    expect.objectContaining({ respondent_kind: 'employeur', session_id: null, sent: 1, answered: 0 }),
  ]);
});
