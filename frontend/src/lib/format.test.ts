import { describe, expect, it } from 'vitest';
import { formatPercent } from './format';

describe('formatPercent', () => {
  it('writes « 90 % » with a no-break space and a decimal comma', () => {
    expect(formatPercent(90)).toBe('90\u00a0%');
    expect(formatPercent(33)).toBe('33\u00a0%');
    expect(formatPercent(12.5)).toBe('12,5\u00a0%');
    expect(formatPercent(90)).not.toContain(' ');
  });
});
