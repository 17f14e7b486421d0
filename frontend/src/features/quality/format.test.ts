import { describe, expect, it } from 'vitest';
import { formatDay, formatHandling } from './format';

describe('the register’s formats', () => {
  it('writes a handling time in days, hours and minutes, « — » when not answered', () => {
    expect(formatHandling(null)).toBe('—');
    expect(formatHandling(8 * 60)).toBe('8 min');
    expect(formatHandling(5 * 3600 + 12 * 60)).toBe('5 h 12 min');
    expect(formatHandling(2 * 86_400 + 3600)).toBe('2 j 1 h');
    expect(formatHandling(3 * 86_400)).toBe('3 j');
  });

  it('writes a due day as a French date', () => {
    expect(formatDay('2026-04-30')).toBe('30/04/2026');
    expect(formatDay(null)).toBe('—');
  });
});
