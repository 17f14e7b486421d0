// The demo's funding (issue 26 item 4): set through the real command, SIRETs valid, and two
// enrolments left to fall back on the student record.
import { QueryBus } from '@nestjs/cqrs';
import { GetSession, ListSessions } from '../contexts/enrolment/testing.js';
import { GetServiceFait } from '../contexts/administration/testing.js';
import { GetEnrolmentFunding } from '../contexts/enrolment/contracts/enrolment.queries.js';
import { actorOf } from '../contexts/identity/testing.js';
import { Database } from '../platform/database/database.js';
import { isValidSiret } from '../shared-kernel/index.js';
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

describe('the demo funding', () => {
  it('funds enrolments by CPF, OPCO with an employer, France Travail and personally, each one event; others fall back on the record', async () => {
    const events = await db.query<{ payload: { funder: string; employerSiret: string | null } }>(
      `select payload from eventlog.event where event_type = 'EnrolmentFundingChanged' order by position`,
    );
    expect(events.map((e) => e.payload.funder)).toEqual(['cpf', 'opco', 'france_travail', 'personnel']);
    for (const { payload } of events) if (payload.employerSiret) expect(isValidSiret(payload.employerSiret)).toBe(true);
    const [lea] = await db.query<{ id: number }>(`select id from identity.student_record where username = 'lea.dubois'`);
    const enrolments = await db.query<{ course_id: number; funder: string | null }>(`select course_id, funder from enrolment.course_enrolment where student_id = $1`, [lea!.id]);
    const fallback = enrolments.find((e) => e.funder === null);
    expect(fallback).toBeDefined();
    expect(await t.app.get(QueryBus).execute(new GetEnrolmentFunding(lea!.id, fallback!.course_id))).toMatchObject({
      fundingLabel: { value: 'CPF', source: 'dossier_etudiant' },
      dossierNumber: { value: 'CPF-2026-0142', source: 'dossier_etudiant' },
      missing: [],
    });
  });
});

describe('the demo sessions (docs/adr/0050)', () => {
  it('group the September templates intake and the autumn pivot tables, Claire leading, Léa’s CPF entry and exit to chase on EDOF', async () => {
    const [admin] = await db.query<{ id: number }>(`select id from identity.admin order by id limit 1`);
    const actor = await actorOf(db, 'admin', admin!.id);
    const queries = t.app.get(QueryBus);
    const sessions = await queries.execute(new ListSessions(actor, null));
    expect(sessions.map((s) => [s.name, s.learners, s.trainers])).toEqual([
      ['Automne 2026 — à distance', 1, 1],
      ['Rentrée de septembre 2026 — groupe du mardi', 2, 1],
    ]);
    t.clock.set(new Date('2026-11-27T10:00:00Z'));
    const september = await queries.execute(new GetSession(actor, sessions[1]!.id));
    t.clock.release();
    expect(september.trainers_list.map((x) => x.full_name)).toEqual(['Claire Martin']);
    const lea = september.learners_list.find((l) => l.full_name === 'Léa Dubois')!;
    expect([lea.cpf, lea.edof?.entry.status, lea.edof?.entry.deadline, lea.edof?.exit.status, lea.edof?.exit.deadline]).toEqual([true, 'en_retard', '2026-09-10', 'en_retard', '2026-11-04']);
    expect(september.learners_list.find((l) => l.full_name === 'Inès Moreau')!.edof).toBeNull();
    // The autumn group's service fait: Nadia left it after two steps, « Abandon » noted for EDOF.
    const autumn = await queries.execute(new GetServiceFait(actor, sessions[0]!.id));
    expect(autumn.lines.map((l) => [l.full_name, l.left_at !== null, l.reason])).toEqual([['Nadia Benali', true, 'abandon'], ['Inès Moreau', false, null]]);
    expect(autumn.lines[0]!.not_completed_minutes).toBeGreaterThan(0);
  });
});
