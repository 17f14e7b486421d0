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
   * Before a page of a signed-in role renders: true when an access token is in memory, or was
   * just obtained from the refresh cookie (a reload, a new tab); false when the session ended
   * (the browser is then on its way to the login page).
   */
  ensureAccessToken(): Promise<boolean>;
}

/**
 * Concurrent 401s share one refresh call. A failed refresh clears the session and sends the user
 * to the login page of the stored role.
 */
export function createTokenRefresher(options: ReauthOptions = {}): TokenRefresher {
  const baseUrl = options.baseUrl ?? apiBaseUrl();
  const redirect = options.redirect ?? ((path: string) => window.location.assign(path));
  let refreshing: Promise<boolean> | null = null;

  async function callRefresh(): Promise<RefreshAnswer | null> {
    try {
      // No bearer: the access token is the one that expired. The refresh token is the HttpOnly
      // cookie (docs/adr/0029); the custom header proves the call comes from a page of the app.
      const response = await fetch(`${baseUrl}/token/refresh/`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', [SESSION_HEADER]: '1' },
        body: '{}',
      });
      return response.ok ? ((await response.json()) as RefreshAnswer) : null;
    } catch {
      return null;
    }
  }

  function refreshOnce(tokenSent: string | null): Promise<boolean> {
    if (!refreshing) {
      refreshing = acrossTabs(async () => {
        // Under the lock the cookie is always the newest of the family: another tab that refreshed
        // meanwhile left its successor in the cookie, so this call never presents a spent token.
        // A request of this tab may have refreshed while this one waited.
        const current = getAccessToken();
        if (current && current !== tokenSent) return true;
        const data = await callRefresh();
        if (!data || typeof data.access !== 'string' || !data.access) {
          // Done here, inside the shared promise, so that waiting requests redirect only once.
          const loginPath = loginPathForStoredRole();
          clearSession();
          announceLogout();
          redirect(loginPath);
          return false;
        }
        storeTokens(data.access);
        return true;
      }).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  return {
    async afterUnauthorized(tokenSent) {
      if (refreshing) return refreshing;
      // Another request already refreshed while this one was in flight.
      if (getAccessToken() !== tokenSent && getAccessToken()) return true;
      return refreshOnce(tokenSent);
    },
    async ensureAccessToken() {
      if (getAccessToken()) return true;
      if (!hasStoredLogin()) return false;
      return refreshing ?? refreshOnce(null);
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
