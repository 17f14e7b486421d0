import { CommandBus } from '@nestjs/cqrs';
import { Database } from '../../../platform/database/database.js';
import { startTestApp, type TestApp } from '../../../testing/test-app.js';
import { RegisterStudent } from '../testing.js';
import { SessionHousekeeping } from './session-housekeeping.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('session housekeeping', () => {
  it('deletes expired tokens and old login failures, and keeps live sessions', async () => {
    await t.app.get(CommandBus).execute(new RegisterStudent('Alice', 'alice@test.fr', 'alice', 'motdepasse-alice', ''));
    const live = (await t.app.inject({ method: 'POST', url: '/api/student-login-jwt/', payload: { email: 'alice@test.fr', password: 'motdepasse-alice' } })).json();
    const db = t.app.get(Database);
    await db.query(
      `insert into identity.refresh_token (jti, family_id, account_id, expires_at)
       select gen_random_uuid(), gen_random_uuid(), id, now() - interval '2 days' from identity.account`,
    );
    await db.query(`insert into identity.revoked_access_token (jti, expires_at) values (gen_random_uuid(), now() - interval '1 minute')`);
    await db.query(`insert into identity.login_attempt (account_key, address, succeeded, attempted_at) values ('x', '1.2.3.4', false, now() - interval '2 days')`);

    expect(await t.app.get(SessionHousekeeping).purge()).toEqual({ refreshTokens: 1, deniedTokens: 1, loginAttempts: 1 });
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: live.refresh } });
    expect(refreshed.statusCode).toBe(200);
  });
});
