/**
 * What a write that did not succeed should do next (docs/adr/0022), for every sender of the app:
 * the RTK Query calls (base-query.ts) and the player's queues (features/learning-progress).
 *
 * - `race`: the server lost a race with other writes at the same moment and says so with the code
 *   `conflit_concurrent` (409 + Retry-After). Nothing was stored; the same request passes a moment
 *   later: sent again after Retry-After, at most MAX_RACE_RETRIES times.
 * - `unavailable`: the request did not arrive or the server could not take it now (the network, a
 *   session being renewed, 408, 429, 5xx such as a 503 while the database is away): a queue keeps
 *   it and delivers it later (honouring Retry-After when the server sends one).
 * - `final`: any other refusal (a business rule: « Vous avez déjà répondu à cette question. », a
 *   second enrolment, bad input): sending it again would not change the answer.
 */
export type FailureKind = 'race' | 'unavailable' | 'final';

/** The code of the only 409 worth sending again. */
export const CONCURRENT_WRITE = 'conflit_concurrent';

/** How many times a write refused for a race is sent again before its refusal is final. */
export const MAX_RACE_RETRIES = 5;

/** When the server sends no Retry-After with a race. */
export const DEFAULT_RACE_DELAY_MS = 1_000;

/** A Retry-After longer than this is not waited for in one go (a queue still keeps its item). */
export const MAX_RETRY_AFTER_MS = 60_000;

export function failureKind(status: number, code: string | null | undefined): FailureKind {
  if (status === 409) return code === CONCURRENT_WRITE ? 'race' : 'final';
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return 'unavailable';
  return 'final';
}

/** Retry-After (seconds, or an HTTP date) in milliseconds, at most MAX_RETRY_AFTER_MS; null when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** The `code` of an error body ({ statusCode, message, code }), or null. */
export function errorCode(body: unknown): string | null {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}
