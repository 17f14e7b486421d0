import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fake-fetch';
import { storeTokens } from '../../lib/session';
import { send } from './transport';

describe('send', () => {
  it('posts JSON with the bearer token, and keeps the token on a keepalive request (what a beacon could not)', async () => {
    storeTokens('jeton-1');
    const { calls, fetchMock } = stubFetch(() => json({ validated: true }, 201));
    expect(await send('progress/', { student: 7 }, { keepalive: true })).toEqual({ ok: true, data: { validated: true } });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/progress/', body: { student: 7 } });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer jeton-1');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ keepalive: true });
  });

  it('renews an expired token once and sends again', async () => {
    storeTokens('vieux');
    const { calls } = stubFetch((request) => {
      if (request.path === '/token/refresh/') return json({ access: 'neuf' });
      return request.headers.get('Authorization') === 'Bearer neuf' ? json({ bool: true }, 201) : json({ message: 'Session expirée' }, 401);
    });
    expect(await send('scorm-progress/', {})).toEqual({ ok: true, data: { bool: true } });
    expect(calls.map((call) => call.path)).toEqual(['/scorm-progress/', '/token/refresh/', '/scorm-progress/']);
  });

  it('says what failed: the status and message of a refusal, 0 for the network', async () => {
    stubFetch(() => json({ message: 'Accès bloqué' }, 403));
    expect(await send('progress/', {})).toEqual({ ok: false, status: 403, message: 'Accès bloqué' });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await send('progress/', {})).toEqual({ ok: false, status: 0, message: null });
  });

  it('gives the refusal\'s code and Retry-After (seconds or a date), for the queues to decide (lib/retry-policy.ts)', async () => {
    stubFetch(() => new Response(JSON.stringify({ statusCode: 409, code: 'conflit_concurrent', message: 'Réessayez.' }), { status: 409, headers: { 'retry-after': '2' } }));
    expect(await send('progress/', {})).toEqual({ ok: false, status: 409, message: 'Réessayez.', code: 'conflit_concurrent', retryAfterMs: 2_000 });
    stubFetch(() => new Response('', { status: 503, headers: { 'retry-after': new Date(Date.now() + 30_000).toUTCString() } }));
    const unavailable = await send('progress/', {});
    expect(unavailable).toMatchObject({ ok: false, status: 503, message: null });
    expect(unavailable.ok === false && unavailable.retryAfterMs).toBeGreaterThan(25_000);
  });
});
