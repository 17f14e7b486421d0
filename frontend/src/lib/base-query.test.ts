import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch, type FakeRequest } from '../test/fake-fetch';
import { createBaseQueryWithReauth, createTokenRefresher } from './base-query';
import { getAccessToken, startSession, storeTokens } from './session';

function fakeApi(): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: vi.fn(),
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

const bearer = (request: FakeRequest) => request.headers.get('authorization');
const refreshCalls = (calls: FakeRequest[]) => calls.filter((c) => c.path === '/token/refresh/');

/** A server whose only valid access token is `valid`; the refresh answers `refreshAnswer`. */
function server(valid: string, refreshAnswer: () => Response) {
  return stubFetch(async (request) => {
    if (request.path === '/token/refresh/') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return refreshAnswer();
    }
    if (bearer(request) === `Bearer ${valid}`) return json({ path: request.path });
    return json({ statusCode: 401, message: 'Session expirée.' }, 401);
  });
}

describe('base query with re-authentication', () => {
  it('sends the stored access token as a bearer', async () => {
    startSession('student', { id: 7, username: 'alice', access: 'a1', refresh: 'r1' });
    const { calls } = server('a1', () => json({}, 500));
    const baseQuery = createBaseQueryWithReauth();

    const result = await baseQuery('student/7/', fakeApi(), {});

    expect(result.data).toEqual({ path: '/student/7/' });
    expect(bearer(calls[0]!)).toBe('Bearer a1');
  });

  describe('when two concurrent requests get a 401', () => {
    it('refreshes exactly once from the cookie, keeps the new access token in memory and retries both requests', async () => {
      startSession('student', { id: 7, username: 'alice', access: 'old', refresh: 'r1' });
      const { calls } = server('new', () => json({ access: 'new', refresh: 'r2' }));
      const redirect = vi.fn();
      const baseQuery = createBaseQueryWithReauth({ redirect });

      const [first, second] = await Promise.all([
        baseQuery('student/7/', fakeApi(), {}),
        baseQuery('student/dashboard/7/', fakeApi(), {}),
      ]);

      expect(first.data).toEqual({ path: '/student/7/' });
      expect(second.data).toEqual({ path: '/student/dashboard/7/' });
      const refreshes = refreshCalls(calls);
      expect(refreshes).toHaveLength(1);
      expect(refreshes[0]!.method).toBe('POST');
      // The refresh token is the HttpOnly cookie: the body names none, the custom header is sent.
      expect(refreshes[0]!.body).toEqual({});
      expect(refreshes[0]!.headers.get('x-lms-session')).toBe('1');
      expect(bearer(refreshes[0]!)).toBeNull();
      const retries = calls.filter((c) => c.path !== '/token/refresh/' && bearer(c) === 'Bearer new');
      expect(retries.map((c) => c.path).sort()).toEqual(['/student/7/', '/student/dashboard/7/']);
      expect(getAccessToken()).toBe('new');
      expect(JSON.stringify({ ...localStorage })).not.toMatch(/new|r2/);
      expect(redirect).not.toHaveBeenCalled();
    });
  });

  it('does not refresh again when a request of this tab refreshed while it waited for the lock', async () => {
    startSession('student', { id: 7, username: 'alice', access: 'old', refresh: 'r1' });
    const { calls } = server('from-other-tab', () => json({ access: 'never', refresh: 'never' }));
    // The other tab holds the lock, refreshes, stores its tokens, then lets this tab in.
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, work: () => Promise<unknown>) => {
          storeTokens('from-other-tab');
          return work();
        },
      },
    });
    const baseQuery = createBaseQueryWithReauth({ redirect: vi.fn() });

    const result = await baseQuery('student/7/', fakeApi(), {});

    expect(result.data).toEqual({ path: '/student/7/' });
    expect(refreshCalls(calls)).toHaveLength(0);
  });

  it('refreshes again from the cookie when the next access token expires', async () => {
    startSession('student', { id: 7, username: 'alice', access: 'a1', refresh: 'r1' });
    let valid = 'a2';
    const answers = [json({ access: 'a2', refresh: 'r2' }), json({ access: 'a3', refresh: 'r3' })];
    const { calls } = stubFetch((request) => {
      if (request.path === '/token/refresh/') return answers.shift()!;
      return bearer(request) === `Bearer ${valid}` ? json({ ok: true }) : json({}, 401);
    });
    const baseQuery = createBaseQueryWithReauth({ redirect: vi.fn() });

    await baseQuery('student/7/', fakeApi(), {});
    valid = 'a3';
    const result = await baseQuery('student/7/', fakeApi(), {});

    expect(result.data).toEqual({ ok: true });
    expect(refreshCalls(calls).map((c) => c.body)).toEqual([{}, {}]);
    expect(getAccessToken()).toBe('a3');
  });

  describe('when the refresh fails', () => {
    it('clears the session and sends a trainer to /teacher-login, once', async () => {
      startSession('teacher', { id: 3, username: 'marc', access: 'old', refresh: 'r1' });
      const { calls } = server('never', () => json({ statusCode: 401, message: 'Jeton invalide.' }, 401));
      const redirect = vi.fn();
      const baseQuery = createBaseQueryWithReauth({ redirect });

      const results = await Promise.all([
        baseQuery('teacher/3/', fakeApi(), {}),
        baseQuery('formateur/dashboard/3/', fakeApi(), {}),
      ]);

      expect(results.map((r) => r.error?.status)).toEqual([401, 401]);
      expect(refreshCalls(calls)).toHaveLength(1);
      expect(redirect).toHaveBeenCalledTimes(1);
      expect(redirect).toHaveBeenCalledWith('/teacher-login');
      expect(localStorage.getItem('teacherLoginStatus')).toBeNull();
      expect(getAccessToken()).toBeNull();
      expect(localStorage.getItem('formateur_id')).toBeNull();
    });

    it.each([
      ['admin', '/admin-login'],
      ['student', '/user-login'],
    ] as const)('sends a logged-out %s to %s', async (role, path) => {
      startSession(role, { id: 1, username: 'x', access: 'old', refresh: 'r1' });
      server('never', () => json({}, 401));
      const redirect = vi.fn();

      await createBaseQueryWithReauth({ redirect })('anything/', fakeApi(), {});

      expect(redirect).toHaveBeenCalledWith(path);
      expect(localStorage.getItem('role')).toBeNull();
    });

    it('does not move a visitor already on a login page (a stale session of another role found there)', async () => {
      startSession('teacher', { id: 3, username: 'marc', access: 'old', refresh: 'r1' });
      window.history.pushState({}, '', '/user-login');
      server('never', () => json({ statusCode: 400, message: 'Le jeton de rafraîchissement est obligatoire.' }, 400));
      const redirect = vi.fn();

      await createBaseQueryWithReauth({ redirect })('teacher/3/', fakeApi(), {});

      expect(redirect).not.toHaveBeenCalled();
      expect(localStorage.getItem('teacherLoginStatus')).toBeNull();
      window.history.pushState({}, '', '/');
    });

    it('leaves a session started while the refused refresh was on its way (someone logged in meanwhile)', async () => {
      startSession('teacher', { id: 3, username: 'marc', access: 'old', refresh: 'r1' });
      server('never', () => {
        startSession('student', { id: 7, username: 'hugo', access: 'hugo', refresh: 'r9' });
        return json({ statusCode: 401, message: 'Session expirée.' }, 401);
      });
      const redirect = vi.fn();

      await createBaseQueryWithReauth({ redirect })('teacher/3/', fakeApi(), {});

      expect(redirect).not.toHaveBeenCalled();
      expect(localStorage.getItem('studentLoginStatus')).toBe('true');
      expect(getAccessToken()).toBe('hugo');
    });

    it('also fails when the answer has no access token', async () => {
      startSession('student', { id: 1, username: 'x', access: 'old', refresh: 'r1' });
      server('never', () => json({ refresh: 'r2' }));
      const redirect = vi.fn();

      await createBaseQueryWithReauth({ redirect })('anything/', fakeApi(), {});

      expect(redirect).toHaveBeenCalledWith('/user-login');
      expect(getAccessToken()).toBeNull();
    });
  });

  describe('when the refresh gets no answer (a navigation aborted it, the network dropped, the server restarts)', () => {
    it.each([
      ['the call is aborted', () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))],
      ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
      ['the server answers 503', () => Promise.resolve(json({ message: 'Service indisponible.' }, 503))],
    ])('keeps the session when %s: no logout, no redirect, the request returns its 401', async (_, answer) => {
      startSession('student', { id: 7, username: 'alice', access: 'old', refresh: 'r1' });
      server('never', () => answer() as unknown as Response);
      const redirect = vi.fn();

      const result = await createBaseQueryWithReauth({ redirect })('student/7/', fakeApi(), {});

      expect(result.error?.status).toBe(401);
      expect(redirect).not.toHaveBeenCalled();
      expect(localStorage.getItem('studentLoginStatus')).toBe('true');
      expect(localStorage.getItem('role')).toBe('student');
    });

    it('keeps the session when the answer is cut off after its headers (its cookie may be stored)', async () => {
      startSession('student', { id: 7, username: 'alice', access: 'old', refresh: 'r1' });
      server('never', () => new Response('{"access": "ne', { status: 200, headers: { 'content-type': 'application/json' } }));
      const redirect = vi.fn();

      await createBaseQueryWithReauth({ redirect })('student/7/', fakeApi(), {});

      expect(redirect).not.toHaveBeenCalled();
      expect(localStorage.getItem('studentLoginStatus')).toBe('true');
    });

    it('ends the session on an answer that will not change by asking again (404): no endless wait', async () => {
      startSession('student', { id: 7, username: 'alice', access: 'old', refresh: 'r1' });
      server('never', () => json({ message: 'Ressource introuvable.' }, 404));
      const redirect = vi.fn();

      await createBaseQueryWithReauth({ redirect })('student/7/', fakeApi(), {});

      expect(redirect).toHaveBeenCalledWith('/user-login');
      expect(localStorage.getItem('studentLoginStatus')).toBeNull();
    });

    it('tells a page waiting for its session that the server does not answer after a few tries, and stops when the page is gone', async () => {
      vi.useFakeTimers();
      for (const [key, value] of [['studentLoginStatus', 'true'], ['studentId', '7'], ['role', 'student'], ['username', 'alice']]) localStorage.setItem(key, value!);
      const { calls } = stubFetch(async () => json({ message: 'Service indisponible.' }, 503));
      const refresher = createTokenRefresher({ redirect: vi.fn() });

      const waiting = refresher.ensureAccessToken();
      await vi.runAllTimersAsync();
      expect(await waiting).toBe('unreachable');
      expect(calls).toHaveLength(6);
      expect(localStorage.getItem('studentLoginStatus')).toBe('true');

      const stop = new AbortController();
      const leaving = refresher.ensureAccessToken(stop.signal);
      await vi.advanceTimersByTimeAsync(0);
      stop.abort();
      await vi.runAllTimersAsync();
      expect(await leaving).toBe('unreachable');
      expect(calls).toHaveLength(7);
    });

    it('lets a page waiting for its session ask again until the server answers', async () => {
      // What a reload leaves (docs/adr/0029): the spec's login flags, no token in memory.
      for (const [key, value] of [['studentLoginStatus', 'true'], ['studentId', '7'], ['role', 'student'], ['username', 'alice']]) localStorage.setItem(key, value!);
      let answers = 0;
      const { calls } = server('new', () => (++answers === 1 ? (Promise.reject(new TypeError('Failed to fetch')) as unknown as Response) : json({ access: 'new', refresh: 'r2' })));
      const redirect = vi.fn();

      const ready = await createTokenRefresher({ redirect }).ensureAccessToken();

      expect(ready).toBe('ready');
      expect(refreshCalls(calls)).toHaveLength(2);
      expect(getAccessToken()).toBe('new');
      expect(redirect).not.toHaveBeenCalled();
    });
  });

  it('returns the 401 untouched when no role is logged in', async () => {
    const { calls } = server('never', () => json({ access: 'x' }));
    const redirect = vi.fn();

    const result = await createBaseQueryWithReauth({ redirect })('student/7/', fakeApi(), {});

    expect(result.error?.status).toBe(401);
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('does not refresh for calls marked skipReauth (logins)', async () => {
    startSession('student', { id: 7, username: 'alice', access: 'a1', refresh: 'r1' });
    const { calls } = server('never', () => json({ access: 'x' }));
    const redirect = vi.fn();

    const result = await createBaseQueryWithReauth({ redirect })(
      { url: 'admin/token/', method: 'POST', body: {} },
      fakeApi(),
      { skipReauth: true },
    );

    expect(result.error?.status).toBe(401);
    expect(refreshCalls(calls)).toHaveLength(0);
    expect(localStorage.getItem('studentLoginStatus')).toBe('true');
  });

  it('sends a write refused for a race (409 conflit_concurrent) again after Retry-After, at most 5 times; another 409 is returned at once', async () => {
    vi.useFakeTimers();
    try {
      startSession('student', { id: 7, username: 'alice', access: 'a1', refresh: 'r1' });
      const race = () => new Response(JSON.stringify({ statusCode: 409, code: 'conflit_concurrent', message: 'Réessayez.' }), { status: 409, headers: { 'content-type': 'application/json', 'retry-after': '1' } });
      let races = 2;
      const settled = stubFetch(() => (races-- > 0 ? race() : json({ id: 5 }, 201)));
      const baseQuery = createBaseQueryWithReauth();
      const sent = baseQuery({ url: 'send-message/1/7', method: 'POST', body: { msg_to: 'Bonjour' } }, fakeApi(), {});
      await vi.advanceTimersByTimeAsync(2_000);
      expect((await sent).data).toEqual({ id: 5 });
      expect(settled.calls.map((c) => c.body)).toEqual(Array(3).fill({ msg_to: 'Bonjour' }));

      const endless = stubFetch(() => race());
      const refused = baseQuery({ url: 'send-message/1/7', method: 'POST', body: { msg_to: 'Bonjour' } }, fakeApi(), {});
      await vi.advanceTimersByTimeAsync(10_000);
      expect((await refused).error).toMatchObject({ status: 409, data: { code: 'conflit_concurrent' } });
      expect(endless.calls).toHaveLength(6);

      const business = stubFetch(() => json({ statusCode: 409, message: 'Vous êtes déjà inscrit à ce cours.' }, 409));
      expect((await baseQuery({ url: 'student-enroll-course/', method: 'POST', body: {} }, fakeApi(), {})).error?.status).toBe(409);
      expect(business.calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
