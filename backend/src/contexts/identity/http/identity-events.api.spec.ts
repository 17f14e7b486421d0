import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { until } from '../../../platform/event-log/testing/event-log-harness.js';
import { startTestApp, type TestApp } from '../../../platform/testing/test-app.js';
import { CreateAdmin } from '../testing.js';

let t: TestApp;
let db: Database;
let admin: { access: string };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, options: { token?: string; json?: object } = {}) =>
  t.app.inject({ method, url, headers: options.token ? { authorization: `Bearer ${options.token}` } : {}, ...(options.json ? { payload: options.json } : {}) });

interface LoggedEvent {
  event_type: string;
  stream_version: number;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

async function streamOf(accountId: number): Promise<LoggedEvent[]> {
  const response = await call('GET', `/api/admin/event-log/?stream_type=identity.account&stream_id=${accountId}&order=asc`, { token: admin.access });
  expect(response.statusCode).toBe(200);
  return response.json().results;
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
  await t.app.get(CommandBus).execute(new CreateAdmin('Admin Journal', 'journal@test.fr', 'journal', 'motdepasse-admin'));
  admin = (await call('POST', '/api/admin/token/', { json: { email: 'journal@test.fr', password: 'motdepasse-admin' } })).json();
});
afterAll(() => t?.close());

describe('the identity events', () => {
  let studentId: number;
  let accountId: number;
  let adminAccountId: number;

  beforeAll(async () => {
    const registered = await call('POST', '/api/student/', {
      json: { fullname: 'Inès Journal', email: 'ines@test.fr', username: 'ines', password: 'motdepasse-ines', interseted_categories: 'Excel' },
    });
    expect(registered.statusCode).toBe(201);
    studentId = registered.json().id;
    const account = await db.one<{ account_id: number }>('select account_id from identity.student where id = $1', [studentId]);
    accountId = account!.account_id;
    adminAccountId = (await db.one<{ id: number }>(`select id from identity.account where email = 'journal@test.fr'`))!.id;
  });

  it('records a registration in the same transaction, with its request as correlation and no personal data', async () => {
    const [event] = await streamOf(accountId);
    expect(event).toMatchObject({ event_type: 'StudentRegistered', stream_version: 1, payload: { accountId, studentId } });
    expect(event.metadata).toMatchObject({ actorId: null, causationId: null });
    expect(event.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(event)).not.toMatch(/ines@test\.fr|Inès|argon2|motdepasse/);
  });

  it('records nothing for a registration that fails', async () => {
    const before = (await db.one<{ n: number }>(`select count(*)::int as n from eventlog.event`))!.n;
    const duplicate = await call('POST', '/api/student/', {
      json: { fullname: 'Autre', email: 'ines@test.fr', username: 'autre', password: 'motdepasse-autre', interseted_categories: '' },
    });
    expect(duplicate.statusCode).toBeGreaterThanOrEqual(400);
    expect((await db.one<{ n: number }>(`select count(*)::int as n from eventlog.event`))!.n).toBe(before);
  });

  it('records suspension, profile change, password change, revocation and reactivation with their actor', async () => {
    const suspended = await call('POST', `/api/student/${studentId}/toggle-active/`, { token: admin.access });
    expect(suspended.json().is_active).toBe(false);
    expect((await call('POST', `/api/student/${studentId}/toggle-active/`, { token: admin.access })).json().is_active).toBe(true);
    const student = (await call('POST', '/api/student-login-jwt/', { json: { email: 'ines@test.fr', password: 'motdepasse-ines' } })).json();
    const profile = { fullname: 'Inès Journal-Martin', email: 'ines@test.fr', username: 'ines', interseted_categories: 'Excel' };
    expect((await call('PUT', `/api/student/${studentId}/`, { token: student.access, json: profile })).statusCode).toBe(200);
    expect((await call('PUT', `/api/student/${studentId}/`, { token: student.access, json: profile })).statusCode).toBe(200); // no change, no event
    expect((await call('POST', `/api/student/change-password/${studentId}/`, { token: student.access, json: { password: 'nouveau-motdepasse' } })).statusCode).toBe(200);
    expect((await call('POST', `/api/blacklist-user-tokens/${studentId}/`, { token: admin.access })).statusCode).toBe(200);

    const events = await streamOf(accountId);
    expect(events.map((e) => e.event_type)).toEqual([
      'StudentRegistered',
      'AccountSuspended',
      'AccountReactivated',
      'ProfileUpdated',
      'PasswordChanged',
      'SessionsRevoked',
    ]);
    expect(events.map((e) => e.stream_version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events[1]).toMatchObject({ payload: { accountId, role: 'student', profileId: studentId }, metadata: { actorId: adminAccountId, actorRole: 'admin' } });
    expect(events[3]).toMatchObject({ payload: { fields: ['fullname'] }, metadata: { actorId: accountId, actorRole: 'student' } });
    expect(events[4]).toMatchObject({ payload: { byAdmin: false }, metadata: { actorId: accountId } });
    const correlations = new Set(events.map((e) => e.metadata.correlationId));
    expect(correlations.size).toBe(events.length); // one request each
  });

  it('feeds the account lifecycle projection that analysts read', async () => {
    await until(async () => {
      const row = await db.one<{ password_changes: number }>('select password_changes from analytics.accounts where account_id = $1', [accountId]);
      return row?.password_changes === 1;
    }, 15_000, 'la projection identity.account-lifecycle');
    expect(await db.one('select role, profile_id, is_active, suspensions, password_changes, profile_updates from analytics.accounts where account_id = $1', [accountId])).toEqual({
      role: 'student',
      profile_id: studentId,
      is_active: true,
      suspensions: 1,
      password_changes: 1,
      profile_updates: 1,
    });
  });
});
