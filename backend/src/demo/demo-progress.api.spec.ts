// The demo's progress, seeded through the real progress handler: its videos are validated within
// the bound on played seconds (docs/adr/0021), on the demo's study clock, never by a forged claim.
import { Database } from '../platform/database/database.js';
import { eventually } from '../platform/testing/eventually.js';
import { login } from '../testing/fixtures.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { seedDemoData } from './demo-data.js';
import { NADIA_LAST_STUDIED_DAYS_AGO } from './demo-progress.js';

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

describe('the demo progress', () => {
  it('validates its videos by the played seconds, within the bound, and records no excess', async () => {
    const videos = await db.query<{ figures: Record<string, number | string> }>(
      `select payload->'figures' as figures from eventlog.event where event_type = 'ChapterValidated' and payload->>'rule' = 'video-played-90-percent'`,
    );
    // The agile course's retrospective, the templates course's protected Excel model, the pivot tables' first one (Inès, Léa, Nadia).
    expect(videos).toHaveLength(5);
    for (const { figures } of videos) {
      expect(Number(figures.unique_seconds)).toBeLessThanOrEqual(Number(figures.allowance_seconds));
      expect(new Date(String(figures.validated_at)).getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(await db.query(`select 1 from eventlog.event where event_type = 'PlaybackExcessIgnored'`)).toEqual([]);
    expect(await db.query(`select 1 from eventlog.event where event_type = 'CourseCompleted'`)).toHaveLength(2);
  });

  it('gives Inès a SCORM commit on the pivot tables’ module, bound to its event, so her dossier shows one', async () => {
    const ines = (await db.one<{ id: number }>(`select s.id from identity.student s join identity.account a on a.id = s.account_id where a.email = 'ines.moreau@demo.lms-formation.fr'`))!.id;
    const commits = await db.query<{ schema_version: number; payload: { studentId: number; commitSha256?: string; validated?: boolean } }>(
      `select schema_version, payload from eventlog.event where event_type = 'ScormCommitted' and (payload->>'studentId')::int = $1`, [ines]);
    expect(commits).toHaveLength(1);
    expect(commits[0]!.schema_version).toBeGreaterThanOrEqual(3);
    expect(commits[0]!.payload.commitSha256).toMatch(/^[0-9a-f]{64}$/);
    const rows = await db.query<{ suspend_data: string }>(`select cmi->>'suspend_data' as suspend_data from progress.scorm_commit where student_id = $1`, [ines]);
    expect(rows).toEqual([{ suspend_data: 'page=2;reponses=B,A' }]);
    // Opened, not validated: the module is not among her validated steps.
    expect(await db.query(`select 1 from eventlog.event where event_type = 'ChapterValidated' and (payload->>'studentId')::int = $1 and payload->>'rule' like 'scorm%'`, [ines])).toEqual([]);
  });

  it('shows someone under every filter of Claire’s pivot tables grid: finished, in progress, inactive by the server’s clock, not started', async () => {
    const claire = DEMO_ACCOUNTS.teachers.find((teacher) => teacher.username === 'claire.martin')!;
    const token = (await login(t, 'teacher', claire.email, claire.password)).json().access as string;
    const course = (await db.one<{ id: number }>(`select id from catalogue.course where title = 'Excel : tableaux croisés dynamiques'`))!.id;
    const grid = async (status: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api/progress-grid/${course}?status=${status}`, headers: { authorization: `Bearer ${token}` } });
      expect(answer.statusCode).toBe(200);
      return answer.json().results.map((row: { fullname: string; last_activity_at: string | null; percentage: number }) => [row.fullname, row.percentage, row.last_activity_at]);
    };
    // The projections catch up with the seeding's last events.
    await eventually(async () => expect(await grid('finished')).toEqual([['Léa Dubois', 100, expect.any(String)]]), 30_000);
    expect(await grid('in_progress')).toEqual([['Inès Moreau', expect.any(Number), expect.any(String)]]);
    const inactive = await grid('inactive');
    expect(inactive).toEqual([['Nadia Benali', 50, expect.any(String)]]);
    const idle = (Date.now() - Date.parse(inactive[0][2])) / 86_400_000;
    expect(idle).toBeGreaterThan(NADIA_LAST_STUDIED_DAYS_AGO - 1);
    expect(idle).toBeLessThan(NADIA_LAST_STUDIED_DAYS_AGO + 1);
    // Beside Karim, Marc's closed account keeps its row (marked closed: his traces stay).
    expect(await grid('not_started')).toEqual([['Karim Haddad', 0, null], ['Marc Rousseau', 0, null]]);
    // Her enrolment and her steps were logged when she made them, not at the seeding.
    const nadia = (await db.one<{ id: number }>(`select s.id from identity.student s join identity.account a on a.id = s.account_id where a.username = 'nadia.benali'`))!.id;
    const logged = await db.query<{ event_type: string; occurred_at: Date }>(
      `select event_type, occurred_at from eventlog.event where (payload->>'studentId')::int = $1 and event_type in ('StudentEnrolled', 'ChapterValidated') order by position`, [nadia]);
    expect(logged.map((e) => e.event_type)).toEqual(['StudentEnrolled', 'ChapterValidated', 'ChapterValidated']);
    for (const e of logged) expect(Date.now() - e.occurred_at.getTime()).toBeGreaterThan(7 * 86_400_000);
  }, 120_000);
});
