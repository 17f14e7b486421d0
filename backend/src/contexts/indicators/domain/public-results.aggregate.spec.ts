import { PublicResults } from './public-results.aggregate.js';

describe('PublicResults', () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('is off until switched on, and records the switch with the server’s time', () => {
    const page = new PublicResults();
    expect(page.enabled).toBe(false);
    page.switchTo(true, now);
    expect(page.enabled).toBe(true);
    expect(page.changedAt).toEqual(now);
    expect(page.takeEvents()).toEqual([{ type: 'PublicResultsChanged', payload: { enabled: true } }]);
  });

  it('asked for the state it is in, records nothing', () => {
    const page = new PublicResults();
    page.switchTo(false, now);
    expect(page.takeEvents()).toEqual([]);
    expect(page.changedAt).toBeNull();
    page.switchTo(true, now);
    page.takeEvents();
    page.switchTo(true, new Date('2026-11-28T10:00:00Z'));
    expect(page.takeEvents()).toEqual([]);
    expect(page.changedAt).toEqual(now);
  });
});
