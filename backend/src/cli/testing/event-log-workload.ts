import { MikroORM } from '@mikro-orm/postgresql';
import { CommandBus } from '@nestjs/cqrs';
import { actorOf, CreateAdmin, RegisterStudent, RegisterTeacher, ToggleAccountActive } from '../../contexts/identity/testing.js';
import { Database } from '../../platform/database/database.js';
import { EventLog } from '../../platform/event-log/event-log.js';
import { until } from '../../platform/event-log/testing/event-log-harness.js';
import { startTestApp, type TestApp } from '../../testing/test-app.js';

export interface Workload {
  t: TestApp;
  db: Database;
  /** What a command run against the test database gets as its environment. */
  env: NodeJS.ProcessEnv;
  adminToken: string;
  studentToken: string;
  adminAccountId: number;
}

export function output() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, out: { log: (m: string) => lines.log.push(m), error: (m: string) => lines.error.push(m) } };
}

/**
 * The app on a fresh database after a small workload: 12 identity events through the real
 * commands (1 admin, 6 students, 1 trainer, 3 suspensions or reactivations, 1 password change by
 * the admin) and 40 events of 7 'test.course' streams spread over 1–5 November 2026, all projected.
 */
export async function startWorkloadApp(): Promise<Workload> {
  const t = await startTestApp();
  const db = t.app.get(Database);
  const commands = t.app.get(CommandBus);
  const login = async (url: string, email: string, password: string) => (await t.app.inject({ method: 'POST', url, payload: { email, password } })).json().access as string;
  const adminId = await commands.execute(new CreateAdmin('Admin Audit', 'audit@test.fr', 'audit', 'motdepasse-admin'));
  const asAdmin = await actorOf(db, 'admin', adminId);
  const adminToken = await login('/api/admin/token/', 'audit@test.fr', 'motdepasse-admin');
  const students: number[] = [];
  for (let i = 0; i < 6; i++) {
    students.push(await commands.execute(new RegisterStudent(`Élève ${i}`, `eleve${i}@test.fr`, `eleve${i}`, `motdepasse-eleve-${i}`, 'Excel')));
  }
  await commands.execute(
    new RegisterTeacher('formateur@test.fr', 'formateur', 'motdepasse-formateur', {
      fullName: 'Fred Formateur', qualification: '', mobileNo: '', skills: 'Word', detail: '', faceUrl: '', instaUrl: '', twitUrl: '', webUrl: '', youUrl: '',
    }),
  );
  for (const id of [students[1], students[3], students[1]]) await commands.execute(new ToggleAccountActive(asAdmin, 'student', id));
  const changed = await t.app.inject({
    method: 'POST',
    url: `/api/student/change-password/${students[2]}/`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { password: 'un-nouveau-mot-de-passe' },
  });
  if (changed.statusCode !== 200) throw new Error(`changement de mot de passe : ${changed.statusCode}`);
  const events = t.app.get(EventLog);
  const em = t.app.get(MikroORM).em;
  for (let i = 0; i < 40; i++) {
    await em.fork().transactional((tx) =>
      events.append(tx, {
        streamType: 'test.course',
        streamId: String(i % 7),
        expectedVersion: 'any',
        // Types no context records: a real context's projections would read these by name.
        events: [{ type: i % 3 ? 'TestStepPassed' : 'TestRunFinished', payload: { n: i }, occurredAt: new Date(Date.UTC(2026, 10, 1 + (i % 5), 22, 30)) }],
      }),
    );
  }
  const studentToken = await login('/api/student-login-jwt/', 'eleve0@test.fr', 'motdepasse-eleve-0');
  const adminAccountId = (await db.one<{ id: number }>(`select id from identity.account where email = 'audit@test.fr'`))!.id;
  await until(async () => {
    const rows = await db.query<{ behind: boolean }>(
      `select (c.transaction_id, c.position) < (select transaction_id, position from eventlog.event order by transaction_id desc, position desc limit 1) as behind
         from eventlog.checkpoint c where c.name in ('eventlog.daily-activity', 'identity.account-lifecycle')`,
    );
    return rows.length >= 2 && rows.every((r) => !r.behind);
  }, 20_000, 'le rattrapage des projections');
  return { t, db, env: { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir }, adminToken, studentToken, adminAccountId };
}
