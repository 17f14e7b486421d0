import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import {
  clearSession,
  announceLogout,
  getAccessToken,
  hasStoredLogin,
  loginPathForStoredRole,
  LOGIN_PATHS,
  readSession,
  sameSession,
  storeTokens,
} from './session';
import { DEFAULT_RACE_DELAY_MS, errorCode, failureKind, MAX_RACE_RETRIES, retryAfterMs } from './retry-policy';

/** Options an endpoint may pass as `extraOptions`. */
export interface ApiExtraOptions {
  /** Login and logout calls: a 401 there is an answer, not an expired token. */
  skipReauth?: boolean;
}

export type AppBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions,
  FetchBaseQueryMeta
>;

/** The header a cookie refresh or logout carries (no other site can add it without CORS). */
export const SESSION_HEADER = 'X-LMS-Session';

/** Absolute, so that it also works under vitest/jsdom. */
export function apiBaseUrl(): string {
  return new URL('/api', window.location.origin).href;
}

interface RefreshAnswer {
  access?: unknown;
  refresh?: unknown;
}

/** Where a page of a signed-in role stands: its token in memory, the session ended (on the way to the login), or the server not answering. */
export type SessionStatus = 'ready' | 'ended' | 'unreachable';

/** What a refresh call came to: a new access token, the session ended (the server said so), or no answer worth believing. */
type RefreshOutcome = 'renewed' | 'ended' | 'unreachable';

/** Answers that say nothing about the session (a timeout, throttling, the server failing or restarting): asked again. Any other refusal ends it. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;
/** How soon a page waiting for its session asks again after a refresh got no answer, how long apart at most, and how many times. */
const RETRY_FIRST_MS = 1_000;
const RETRY_CAP_MS = 10_000;
const RETRY_ATTEMPTS = 6;

export interface ReauthOptions {
  baseUrl?: string;
  /** Where a failed refresh sends the browser (a full page load, so every state is reset). */
  redirect?: (path: string) => void;
}

/**
 * Runs `work` holding a lock shared by every tab of the site (Web Locks API), so that two tabs
 * never spend the same rotating refresh token; where the API is missing, runs it as is.
 */
function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('lms-token-refresh', work) : work();
}

/** The single-flight token refresh shared by the RTK Query calls and the uploads (lib/upload.ts). */
export interface TokenRefresher {
  /**
   * After a 401 to a request sent with `tokenSent`: true when a usable access token is stored
   * (another request or tab refreshed meanwhile, or this call did), false when the session ended.
   */
  afterUnauthorized(tokenSent: string | null): Promise<boolean>;
  /**
   * Before a page of a signed-in role renders: 'ready' when an access token is in memory, or was
   * just obtained from the refresh cookie (a reload, a new tab); 'ended' when the session ended
   * (the browser is then on its way to the login page); 'unreachable' when the server gave no
   * usable answer after a few tries, or `signal` was aborted.
   */
  ensureAccessToken(signal?: AbortSignal): Promise<SessionStatus>;
}

/**
 * Concurrent 401s share one refresh call. A failed refresh clears the session and sends the user
 * to the login page of the stored role.
 */
export function createTokenRefresher(options: ReauthOptions = {}): TokenRefresher {
  const baseUrl = options.baseUrl ?? apiBaseUrl();
  const redirect = options.redirect ?? ((path: string) => window.location.assign(path));
  let refreshing: Promise<RefreshOutcome> | null = null;

  /**
   * The refresh call's outcome. Only the server's refusal ends the session: a call that never got
   * an answer (the page is unloading and the browser aborted it, the network dropped) or got a
   * server error (a restart) says nothing about the session, whose cookie is still there. Ending it
   * then would log the user out of every tab for a navigation that happened to cut a refresh short;
   * the server, which may have rotated the token meanwhile, accepts the previous one again for a
   * few seconds (ADR 0029).
   */
  async function callRefresh(): Promise<RefreshOutcome> {
    let response: Response;
    try {
      // No bearer: the access token is the one that expired. The refresh token is the HttpOnly
      // cookie (docs/adr/0029); the custom header proves the call comes from a page of the app.
      response = await fetch(`${baseUrl}/token/refresh/`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [SESSION_HEADER]: '1' },
        body: '{}',
      });
    } catch {
      return 'unreachable';
    }
    if (!response.ok) return retryable(response.status) ? 'unreachable' : 'ended';
    let data: RefreshAnswer | null;
    try {
      data = (await response.json()) as RefreshAnswer | null;
    } catch {
      // The answer was cut off after its headers: its cookie may be stored, the session is not known to have ended.
      return 'unreachable';
    }
    if (!data || typeof data.access !== 'string' || !data.access) return 'ended';
    storeTokens(data.access);
    return 'renewed';
  }

  function refreshOnce(tokenSent: string | null): Promise<RefreshOutcome> {
    if (!refreshing) {
      refreshing = acrossTabs(async (): Promise<RefreshOutcome> => {
        // Under the lock the cookie is always the newest of the family: another tab that refreshed
        // meanwhile left its successor in the cookie, so this call never presents a spent token.
        // A request of this tab may have refreshed while this one waited.
        const current = getAccessToken();
        if (current && current !== tokenSent) return 'renewed';
        const before = readSession();
        const outcome = await callRefresh();
        // A login made while this refresh was on its way (another role, another person at the same
        // browser) is not the session the refusal ended: it is left as it is.
        if (outcome === 'ended' && sameSession(before, readSession())) {
          // Done here, inside the shared promise, so that waiting requests redirect only once.
          const loginPath = loginPathForStoredRole();
          clearSession();
          announceLogout();
          // On a login page the visitor already is where a new session starts: no page change under their typing.
          if (!(Object.values(LOGIN_PATHS) as string[]).includes(window.location.pathname)) redirect(loginPath);
        }
        return outcome;
      }).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  return {
    async afterUnauthorized(tokenSent) {
      if (refreshing) return (await refreshing) === 'renewed';
      // Another request already refreshed while this one was in flight.
      if (getAccessToken() !== tokenSent && getAccessToken()) return true;
      return (await refreshOnce(tokenSent)) === 'renewed';
    },
    async ensureAccessToken(signal) {
      // A refresh that got no answer is tried again, less and less often (« Reprise de la session… »)
      // rather than logging out a session that may be fine; after RETRY_ATTEMPTS the page says the
      // server does not answer. Stops as soon as the page waiting for it is gone.
      for (let attempt = 0; ; attempt++) {
        if (getAccessToken()) return 'ready';
        if (!hasStoredLogin()) return 'ended';
        const outcome = await (refreshing ?? refreshOnce(null));
        if (outcome === 'renewed') return 'ready';
        if (outcome === 'ended') return 'ended';
        if (attempt + 1 >= RETRY_ATTEMPTS || signal?.aborted) return 'unreachable';
        await new Promise((resolve) => setTimeout(resolve, Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** attempt)));
        if (signal?.aborted) return 'unreachable';
      }
    },
  };
}

let appRefresher: TokenRefresher | null = null;

/** The application's refresher: one for the api slice and the uploads, so they share a refresh. */
export function appTokenRefresher(): TokenRefresher {
  appRefresher ??= createTokenRefresher();
  return appRefresher;
}

/**
 * fetchBaseQuery plus the bearer token and a single-flight refresh on 401 (01 §6):
 * concurrent 401s share one refresh call, then each retries once. A failed refresh clears
 * the session and sends the user to the login page of the stored role.
 */
export function createBaseQueryWithReauth(options: ReauthOptions = {}): AppBaseQuery {
  const baseUrl = options.baseUrl ?? apiBaseUrl();
  const refresher = options.baseUrl || options.redirect ? createTokenRefresher(options) : appTokenRefresher();

  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    prepareHeaders: (headers) => {
      const token = getAccessToken();
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });

  const withReauth: AppBaseQuery = async (args, api, extraOptions) => {
    const tokenSent = getAccessToken();
    let result = await rawBaseQuery(args, api, extraOptions ?? {});
    if (result.error?.status !== 401 || extraOptions?.skipReauth || !hasStoredLogin()) {
      return result;
    }
    if (await refresher.afterUnauthorized(tokenSent)) result = await rawBaseQuery(args, api, extraOptions ?? {});
    return result;
  };

  // A write refused for a race the server could not settle (409 conflit_concurrent, retry-policy.ts)
  // is sent again after Retry-After, at most MAX_RACE_RETRIES times; every other answer is returned as is.
  return async (args, api, extraOptions) => {
    let result = await withReauth(args, api, extraOptions);
    for (let races = 0; races < MAX_RACE_RETRIES && isRace(result); races++) {
      const delay = retryAfterMs(result.meta?.response?.headers.get('retry-after')) ?? DEFAULT_RACE_DELAY_MS;
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (api.signal.aborted) break;
      result = await withReauth(args, api, extraOptions);
    }
    return result;
  };
}

function isRace(result: Awaited<ReturnType<AppBaseQuery>>): boolean {
  const status = result.error?.status;
  return typeof status === 'number' && failureKind(status, errorCode(result.error?.data)) === 'race';
}
