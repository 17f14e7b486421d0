import { Database } from '../../../platform/database/database.js';
import { until } from '../../../platform/event-log/testing/event-log-harness.js';
import { call, givenAdmin, uniqueKey, type GivenAdmin } from '../../../testing/fixtures.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';

// Every test registers its own student and admin: the streams they read are theirs alone, so the
// tests pass in any order or alone.
let t: TestApp;
let db: Database;

interface LoggedEvent {
  event_type: string;
  stream_version: number;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

async function streamOf(admin: GivenAdmin, accountId: number): Promise<LoggedEvent[]> {
  const response = await call(t, 'GET', `/api/admin/event-log/?stream_type=identity.account&stream_id=${accountId}&order=asc`, admin.token);
  expect(response.statusCode).toBe(200);
  return response.json().results;
}

/** A student who registers through the API, as a visitor does (the request is the event's correlation). */
async function registered() {
  const key = uniqueKey('ines');
  const fields = { fullname: 'Inès Journal', email: `${key}@test.fr`, username: key, password: 'motdepasse-ines', interseted_categories: 'Excel' };
  const response = await call(t, 'POST', '/api/student/', undefined, fields);
  expect(response.statusCode).toBe(201);
  const studentId: number = response.json().id;
  const account = await db.one<{ account_id: number }>('select account_id from identity.student where id = $1', [studentId]);
  return { ...fields, studentId, accountId: account!.account_id };
}

/** An admin suspends and reactivates the student; the student changes their name (twice the same), their password; the admin revokes their sessions. */
async function livesALife(admin: GivenAdmin, student: Awaited<ReturnType<typeof registered>>) {
  const toggle = () => call(t, 'POST', `/api/student/${student.studentId}/toggle-active/`, admin.token);
  expect((await toggle()).json().is_active).toBe(false);
  expect((await toggle()).json().is_active).toBe(true);
  const session = (await call(t, 'POST', '/api/student-login-jwt/', undefined, { email: student.email, password: student.password })).json();
  const profile = { fullname: 'Inès Journal-Martin', email: student.email, username: student.username, interseted_categories: 'Excel' };
  expect((await call(t, 'PUT', `/api/student/${student.studentId}/`, session.access, profile)).statusCode).toBe(200);
  expect((await call(t, 'PUT', `/api/student/${student.studentId}/`, session.access, profile)).statusCode).toBe(200); // no change, no event
  expect((await call(t, 'POST', `/api/student/change-password/${student.studentId}/`, session.access, { password: 'nouveau-motdepasse' })).statusCode).toBe(200);
  expect((await call(t, 'POST', `/api/blacklist-user-tokens/${student.studentId}/`, admin.token)).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(Database);
});
afterAll(() => t?.close());

describe('the identity events', () => {
  it('records a registration in the same transaction, with its request as correlation and no personal data', async () => {
    const [admin, { studentId, accountId, email }] = await Promise.all([givenAdmin(t), registered()]);
    const [event] = await streamOf(admin, accountId);
    expect(event).toMatchObject({ event_type: 'StudentRegistered', stream_version: 1, payload: { accountId, studentId } });
    expect(event.metadata).toMatchObject({ actorId: null, causationId: null });
    expect(event.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(event)).not.toContain(email);
    expect(JSON.stringify(event)).not.toMatch(/Inès|argon2|motdepasse/);
  });

  it('records nothing for a registration that fails', async () => {
    const { email } = await registered();
    const before = (await db.one<{ n: number }>(`select count(*)::int as n from eventlog.event`))!.n;
    const duplicate = await call(t, 'POST', '/api/student/', undefined, { fullname: 'Autre', email, username: uniqueKey('autre'), password: 'motdepasse-autre', interseted_categories: '' });
    expect(duplicate.statusCode).toBeGreaterThanOrEqual(400);
    expect((await db.one<{ n: number }>(`select count(*)::int as n from eventlog.event`))!.n).toBe(before);
  });

  it('records suspension, profile change, password change, revocation and reactivation with their actor', async () => {
    const [admin, student] = await Promise.all([givenAdmin(t), registered()]);
    const { studentId, accountId } = student;
    await livesALife(admin, student);

    const events = await streamOf(admin, accountId);
    expect(events.map((e) => e.event_type)).toEqual([
      'StudentRegistered',
      'AccountSuspended',
      'AccountReactivated',
      'ProfileUpdated',
      'PasswordChanged',
      'SessionsRevoked',
    ]);
    expect(events.map((e) => e.stream_version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events[1]).toMatchObject({ payload: { accountId, role: 'student', profileId: studentId }, metadata: { actorId: admin.accountId, actorRole: 'admin' } });
    expect(events[3]).toMatchObject({ payload: { fields: ['fullname'] }, metadata: { actorId: accountId, actorRole: 'student' } });
    expect(events[4]).toMatchObject({ payload: { byAdmin: false }, metadata: { actorId: accountId } });
    const correlations = new Set(events.map((e) => e.metadata.correlationId));
    expect(correlations.size).toBe(events.length); // one request each
  });

  it('feeds the account lifecycle projection that analysts read', async () => {
    const [admin, student] = await Promise.all([givenAdmin(t), registered()]);
    const { studentId, accountId } = student;
    await livesALife(admin, student);
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
