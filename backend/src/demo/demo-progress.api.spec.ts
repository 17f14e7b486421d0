// The demo's progress, seeded through the real progress handler: its videos are validated within
// the bound on played seconds (docs/adr/0021), on the demo's study clock, never by a forged claim.
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

describe('the demo progress', () => {
  it('validates its videos by the played seconds, within the bound, and records no excess', async () => {
    const videos = await db.query<{ figures: Record<string, number | string> }>(
      `select payload->'figures' as figures from eventlog.event where event_type = 'ChapterValidated' and payload->>'rule' = 'video-played-90-percent'`,
    );
    // The agile course's retrospective, the templates course's protected Excel model, the pivot tables' first one.
    expect(videos).toHaveLength(3);
    for (const { figures } of videos) {
      expect(Number(figures.unique_seconds)).toBeLessThanOrEqual(Number(figures.allowance_seconds));
      expect(new Date(String(figures.validated_at)).getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(await db.query(`select 1 from eventlog.event where event_type = 'PlaybackExcessIgnored'`)).toEqual([]);
    expect(await db.query(`select 1 from eventlog.event where event_type = 'CourseCompleted'`)).toHaveLength(1);
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
});
