import { weekStart } from './dashboard.projections.js';

describe('weekStart', () => {
  it('is the Monday (UTC) of the week', () => {
    expect(weekStart('2026-11-23T05:00:00.000Z')).toBe('2026-11-23');
    expect(weekStart('2026-11-29T23:59:59.999Z')).toBe('2026-11-23');
    expect(weekStart('2026-11-30T00:00:00.000Z')).toBe('2026-11-30');
    expect(weekStart('2027-01-01T12:00:00.000Z')).toBe('2026-12-28');
  });
});
