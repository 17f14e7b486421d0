import { parisWallClock } from './transcript-xlsx.js';

describe('parisWallClock: the workbook’s cells read the time in Paris', () => {
  it('shifts by one hour in winter and two in summer, and moves the day at midnight in Paris', () => {
    expect(parisWallClock('2026-03-02T08:00:00.000Z')).toEqual(new Date('2026-03-02T09:00:00.000Z'));
    expect(parisWallClock('2026-07-14T08:00:05.250Z')).toEqual(new Date('2026-07-14T10:00:05.250Z'));
    expect(parisWallClock('2026-03-05T23:30:00.000Z')).toEqual(new Date('2026-03-06T00:30:00.000Z'));
    expect(parisWallClock(null)).toBeNull();
  });
});
