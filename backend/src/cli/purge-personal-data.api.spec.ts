import { CommandBus } from '@nestjs/cqrs';
import { RemovePerson } from '../contexts/identity/testing.js';
import type { Database } from '../platform/database/database.js';
import { purgeCommand } from './purge-personal-data.js';
import { output, startWorkloadApp, type Workload } from './testing/event-log-workload.js';

// The command boots its own Nest application in this process (see projections-rebuild.api.spec.ts):
// this file sends no HTTP request once it has run.
let w: Workload;
let db: Database;

beforeAll(async () => {
  w = await startWorkloadApp();
  db = w.db;
}, 60_000);
afterAll(() => w?.t.close());

describe('npm run accounts:purge', () => {
  it('erases the personal data of accounts closed longer than the retention period, and only those', async () => {
    const admin = await db.one<{ id: number; account_id: number; username: string }>(`select p.id, a.id as account_id, a.username from identity.admin p join identity.account a on a.id = p.account_id limit 1`);
    const actor = { accountId: admin!.account_id, role: 'admin' as const, profileId: admin!.id, username: admin!.username, jti: 'interne' };
    const [old, recent] = await db.query<{ id: number; account_id: number }>(`select id, account_id from identity.student order by id limit 2`);
    for (const student of [old, recent]) {
      // An enrolment is history: the removal closes the account.
      await db.query(`insert into enrolment.student_course (student_id, course_id, enrolled_at) values ($1, 1, now())`, [student.id]);
      expect((await w.t.app.get(CommandBus).execute(new RemovePerson(actor, { role: 'student', profileId: student.id }))).mode).toBe('close');
    }
    await db.query(`update identity.account set closed_at = now() - interval '40 days' where id = $1`, [old.account_id]);

    const { lines, out } = output();
    expect(await purgeCommand(['--days', '30'], w.env, out)).toBe(0);
    expect(lines.log.join('\n')).toMatch(/\(30 jours\) : 1 effacé\(s\)\./);
    const rows = await db.query<{ id: number; email: string; fullname: string; erased: boolean }>(
      `select s.id, a.email, s.fullname, a.erased_at is not null as erased from identity.student s join identity.account a on a.id = s.account_id where s.id = any($1::int[]) order by s.id`,
      [[old.id, recent.id]],
    );
    expect(rows[0]).toMatchObject({ email: `supprime-${old.account_id}@invalid`, fullname: 'Compte supprimé', erased: true });
    expect(rows[1]).toMatchObject({ erased: false });
    expect(rows[1].fullname).not.toBe('Compte supprimé');

    const bad = output();
    expect(await purgeCommand(['--jours', '3'], w.env, bad.out)).toBe(2);
    expect(bad.lines.error.join('\n')).toContain('Argument inconnu : --jours');
  });
});
