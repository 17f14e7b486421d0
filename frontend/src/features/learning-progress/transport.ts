import { apiBaseUrl, appTokenRefresher } from '../../lib/base-query';
import { errorCode, failureKind, retryAfterMs, type FailureKind } from '../../lib/retry-policy';
import { getAccessToken } from '../../lib/session';

/**
 * What a save answered: the server's body, or why it did not arrive (a status, or 0 for the
 * network), with the refusal's code (`conflit_concurrent`) and Retry-After in ms when given.
 */
export type SendResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string | null; code?: string | null; retryAfterMs?: number | null };

export type Send = <T>(path: string, body: unknown, options?: { keepalive?: boolean }) => Promise<SendResult<T>>;

/**
 * POSTs a save of the player (progress beats, SCORM commits) as JSON with the bearer token, and
 * after a 401 once more with the token the shared refresher gets (as every RTK Query call does).
 *
 * `keepalive: true` is for the last save, sent from `pagehide`: the browser finishes such a
 * request after the page is gone, like navigator.sendBeacon; unlike a beacon, a keepalive fetch
 * keeps its custom headers, so the save carries its Authorization header and is authenticated like
 * any other (a beacon can send neither a bearer token nor a JSON content type). Its body must stay
 * under the browser's 64 KiB keepalive budget; the queues keep what they sent so that a save lost
 * there (an expired token, the budget, the network) is sent again on the next visit, where the
 * server counts it once.
 */
export const send: Send = async <T>(path: string, body: unknown, options: { keepalive?: boolean } = {}): Promise<SendResult<T>> => {
  const attempt = async (token: string | null): Promise<Response | null> => {
    try {
      return await fetch(`${apiBaseUrl()}/${path.replace(/^\//, '')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
        keepalive: options.keepalive === true,
      });
    } catch {
      return null;
    }
  };
  const token = getAccessToken();
  let response = await attempt(token);
  if (response?.status === 401 && !options.keepalive && (await appTokenRefresher().afterUnauthorized(token))) response = await attempt(getAccessToken());
  if (!response) return { ok: false, status: 0, message: null };
  const data = (await response.json().catch(() => null)) as (T & { message?: unknown }) | null;
  if (response.ok) return { ok: true, data: data as T };
  const failure: SendResult<T> = { ok: false, status: response.status, message: typeof data?.message === 'string' ? data.message : null };
  const code = errorCode(data);
  const after = retryAfterMs(response.headers.get('retry-after'));
  return { ...failure, ...(code ? { code } : {}), ...(after !== null ? { retryAfterMs: after } : {}) };
};

/** What a queue does with a failed save (lib/retry-policy.ts): send again soon (a race), keep for later, or drop. */
export const failureOf = (answer: { status: number; code?: string | null }): FailureKind => failureKind(answer.status, answer.code);
