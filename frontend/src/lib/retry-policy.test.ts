import { describe, expect, it } from 'vitest';
import { failureKind, MAX_RETRY_AFTER_MS, retryAfterMs } from './retry-policy';

describe('the retry policy', () => {
  it('sends again only the 409 of a race (conflit_concurrent); keeps for later what did not arrive or found the server unavailable; the rest is final', () => {
    expect(failureKind(409, 'conflit_concurrent')).toBe('race');
    expect(failureKind(409, null)).toBe('final');
    expect(failureKind(409, 'autre')).toBe('final');
    for (const status of [0, 401, 408, 429, 500, 502, 503, 504]) expect(failureKind(status, null)).toBe('unavailable');
    for (const status of [400, 403, 404, 413, 422]) expect(failureKind(status, null)).toBe('final');
  });

  it('reads Retry-After in seconds or as a date, bounded; nothing for an absent or unreadable one', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('86400', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('bientôt', now)).toBeNull();
  });
});
