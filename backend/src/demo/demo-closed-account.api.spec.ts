// Issue 22, item 3, on the demo centre itself: Marc Rousseau's account is closed (demo-administration.ts).
// He is out of Claire's students and their count, cannot be written to, and the admin still reads
// his record, closed.
import { Database } from '../platform/database/database.js';
import { eventually } from '../platform/testing/eventually.js';
import { call } from '../testing/fixtures.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { seedDemoData } from './demo-data.js';

let t: TestApp;
let db: Database;
const tokens = { admin: '', claire: '' };
let claireId: number;
let adminId: number;
let marcId: number;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  await seedDemoData(t.app);
  const login = async (path: string, email: string, password: string) => {
    const answer = await call(t, 'POST', path, undefined, { email, password });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const admin = await login('/api/admin/token/', DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const claire = await login('/api/formateur/token/', DEMO_ACCOUNTS.teachers[0].email, DEMO_ACCOUNTS.teachers[0].password);
  Object.assign(tokens, { admin: admin.access, claire: claire.access });
  adminId = admin.admin_id;
  claireId = claire.formateur_id;
  marcId = (await db.one<{ id: number }>(`select id from identity.student_record where email = 'marc.rousseau@demo.lms-formation.fr'`))!.id;
  // The policies and projections have caught up with the seed.
  await eventually(async () => {
    const status = (await call(t, 'GET', '/api/admin/projections', tokens.admin)).json();
    expect(status.items.every((item: { lag_events: number }) => item.lag_events === 0)).toBe(true);
  }, 60_000);
}, 180_000);

afterAll(() => t?.close());

describe('the demo’s closed account (Marc Rousseau)', () => {
  it('is read by the admin as closed', async () => {
    const detail = await call(t, 'GET', `/api/admin/students/${marcId}/`, tokens.admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ prenom: 'Marc', nom: 'Rousseau', closed_at: expect.any(String) });
    const records = (await call(t, 'GET', '/api/admin/students/full-data', tokens.admin)).json();
    expect(records.map((s: { id: number }) => s.id)).not.toContain(marcId);
  });

  it('is out of Claire’s students, their count and her dashboard', async () => {
    const mine = (await call(t, 'GET', `/api/assigned-students/${claireId}/`, tokens.claire)).json();
    expect(mine.map((s: { id: number }) => s.id)).not.toContain(marcId);
    const dashboard = (await call(t, 'GET', `/api/formateur/dashboard/${claireId}/`, tokens.claire)).json();
    const open = await db.query<{ student_id: number }>(
      `select s.student_id from catalogue.trainer_student s join identity.student_record r on r.id = s.student_id where s.teacher_id = $1 and r.closed_at is null`,
      [claireId],
    );
    expect(dashboard.total_formateur_students).toBe(open.length);
    expect(open.map((r) => r.student_id)).not.toContain(marcId);
    expect((await call(t, 'GET', `/api/admin/dashboard/${adminId}`, tokens.admin)).json().total_students).toBe(
      (await db.one<{ n: number }>('select count(*)::int as n from identity.student_record where closed_at is null'))!.n,
    );
  });

  it('cannot be sent a message nor homework by Claire', async () => {
    const message = await call(t, 'POST', `/api/send-message/${claireId}/${marcId}`, tokens.claire, { msg_to: 'Bonjour Marc', msg_from: 'formateur' });
    expect([message.statusCode, message.json().message]).toEqual([409, 'Ce compte est clôturé : il ne peut plus recevoir de messages.']);
    const homework = await call(t, 'POST', `/api/student-assignment/${claireId}/${marcId}`, tokens.claire, { title: 'Exercice', detail: 'Page 3' });
    expect([homework.statusCode, homework.json().message]).toEqual([409, 'Ce compte est clôturé : il ne peut plus recevoir de devoirs.']);
  });
});
