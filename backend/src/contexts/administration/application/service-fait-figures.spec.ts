import { hoursOf, serviceFaitFigures } from './service-fait-figures.js';

describe('serviceFaitFigures', () => {
  it('counts whole minutes measured, the rate in per mille rounded down, the hours left never negative', () => {
    expect(serviceFaitFigures(600, 7_199)).toEqual({ planned_minutes: 600, realised_minutes: 119, not_completed_minutes: 481, completion_per_mille: 198 });
    // 599 minutes of 600: 998 ‰, never 100 % before it is reached.
    expect(serviceFaitFigures(600, 599 * 60 + 59).completion_per_mille).toBe(998);
    expect(serviceFaitFigures(60, 10_000)).toEqual({ planned_minutes: 60, realised_minutes: 166, not_completed_minutes: 0, completion_per_mille: 1000 });
  });

  it('states no rate and no hours left without a planned duration', () => {
    expect(serviceFaitFigures(null, 3_600)).toEqual({ planned_minutes: null, realised_minutes: 60, not_completed_minutes: null, completion_per_mille: null });
    expect(serviceFaitFigures(0, 3_600).completion_per_mille).toBeNull();
  });

  it('writes minutes as hours rounded down to the hundredth', () => {
    expect([hoursOf(0), hoursOf(90), hoursOf(119), hoursOf(600)]).toEqual([0, 1.5, 1.98, 10]);
  });
});
