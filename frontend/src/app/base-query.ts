import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import {
  clearSession,
  getAccessToken,
  getRefreshToken,
  loginPathForStoredRole,
  storeTokens,
} from './session';

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

/**
 * fetchBaseQuery plus the bearer token and a single-flight refresh on 401 (01 §6):
 * concurrent 401s share one refresh call, then each retries once. A failed refresh clears
 * the session and sends the user to the login page of the stored role.
 */
export function createBaseQueryWithReauth(options: ReauthOptions = {}): AppBaseQuery {
  const baseUrl = options.baseUrl ?? apiBaseUrl();
  const redirect = options.redirect ?? ((path: string) => window.location.assign(path));

  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    prepareHeaders: (headers) => {
      const token = getAccessToken();
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });
  // The refresh call carries no bearer: the access token is the one that expired.
  const refreshBaseQuery = fetchBaseQuery({ baseUrl });

  let refreshing: Promise<boolean> | null = null;

  function refreshOnce(api: Parameters<AppBaseQuery>[1], tokenSent: string | null): Promise<boolean> {
    if (!refreshing) {
      refreshing = acrossTabs(async () => {
        // Another tab may have refreshed while this one waited for the lock: the tokens are
        // shared (localStorage), and refreshing again with the old one would count as a reuse.
        const current = getAccessToken();
        if (current && current !== tokenSent) return true;
        const refresh = getRefreshToken() ?? '';
        const result = await refreshBaseQuery(
          { url: 'token/refresh/', method: 'POST', body: { refresh } },
          api,
          {},
        );
        const data = result.data as RefreshAnswer | undefined;
        if (result.error || !data || typeof data.access !== 'string' || !data.access) {
          // Done here, inside the shared promise, so that waiting requests redirect only once.
          const loginPath = loginPathForStoredRole();
          clearSession();
          redirect(loginPath);
          return false;
        }
        storeTokens(data.access, typeof data.refresh === 'string' ? data.refresh : null);
        return true;
      }).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  return async (args, api, extraOptions) => {
    const tokenSent = getAccessToken();
    let result = await rawBaseQuery(args, api, extraOptions ?? {});
    if (result.error?.status !== 401 || extraOptions?.skipReauth || !getRefreshToken()) {
      return result;
    }

    let refreshed: boolean;
    if (refreshing) {
      refreshed = await refreshing;
    } else if (getAccessToken() !== tokenSent && getAccessToken()) {
      // Another request already refreshed while this one was in flight.
      refreshed = true;
    } else {
      refreshed = await refreshOnce(api, tokenSent);
    }

    if (refreshed) result = await rawBaseQuery(args, api, extraOptions ?? {});
    return result;
  };
}
