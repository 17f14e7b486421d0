import { hoursAndMinutes, hoursText, rateText, realisedHours, type StepFigures } from './issued-document.hours.js';

const step = (step_id: number, declared_minutes: number | null, active_seconds: number, validated: boolean): StepFigures => ({ kind: 'chapter', step_id, declared_minutes, active_seconds, validated });

describe('realised hours', () => {
  const steps = [step(1, 60, 50 * 60 + 59, true), step(2, 90, 100 * 60, true), step(3, 30, 10 * 60, false)];

  it('on measured active time: every step’s active seconds, rounded down to the minute, validated or not', () => {
    const hours = realisedHours('temps_actif_mesure', steps, 240);
    expect(hours).toEqual({
      basis: 'temps_actif_mesure', method: 'v1', realised_minutes: 160, planned_minutes: 240,
      completion_per_mille: 666, not_completed_minutes: 80, partial: true, undeclared_validated_steps: 0,
    });
  });

  it('on declared durations: the declared minutes of validated steps only', () => {
    const hours = realisedHours('durees_declarees', steps, 240);
    expect(hours).toMatchObject({ basis: 'durees_declarees', method: null, realised_minutes: 150, completion_per_mille: 625, not_completed_minutes: 90, partial: true });
  });

  it('counts a validated step without a declared duration as 0 and says how many', () => {
    const hours = realisedHours('durees_declarees', [step(1, 60, 0, true), step(2, null, 999, true)], 60);
    expect(hours).toMatchObject({ realised_minutes: 60, undeclared_validated_steps: 1, completion_per_mille: 1000, partial: false, not_completed_minutes: 0 });
  });

  it('takes the sum of declared durations as planned when the course states none, and caps the rate at 100 %', () => {
    const hours = realisedHours('temps_actif_mesure', [step(1, 30, 3600, true), step(2, 30, 3600, true)], null);
    expect(hours).toMatchObject({ planned_minutes: 60, realised_minutes: 120, completion_per_mille: 1000, not_completed_minutes: 0, partial: false });
  });

  it('states no rate and no hours not completed when the planned duration is unknown', () => {
    const hours = realisedHours('temps_actif_mesure', [step(1, null, 3600, true)], null);
    expect(hours).toMatchObject({ planned_minutes: null, completion_per_mille: null, not_completed_minutes: null, partial: false, realised_minutes: 60 });
    expect(realisedHours('temps_actif_mesure', [], 0).planned_minutes).toBeNull();
  });

  it('never reaches 100 % before it is reached (rounded down)', () => {
    expect(realisedHours('durees_declarees', [step(1, 999, 0, true), step(2, 1, 0, false)], 1000).completion_per_mille).toBe(999);
  });

  it('refuses impossible figures', () => {
    expect(() => realisedHours('durees_declarees', [step(1, -5, 0, true)], null)).toThrow(RangeError);
    expect(() => realisedHours('durees_declarees', [step(1, 1.5, 0, true)], null)).toThrow(RangeError);
    expect(() => realisedHours('temps_actif_mesure', [step(1, 5, Number.NaN, true)], null)).toThrow(RangeError);
  });
});

describe('hours in words', () => {
  it('writes hours with a French comma, rounded down to the hundredth, and hours and minutes exactly', () => {
    expect(hoursText(840)).toBe('14 heures');
    expect(hoursText(375)).toBe('6,25 heures');
    expect(hoursText(100)).toBe('1,66 heure');
    expect(hoursText(0)).toBe('0 heure');
    expect(hoursAndMinutes(375)).toBe('6 h 15 min');
    expect(hoursAndMinutes(60)).toBe('1 h');
    expect(hoursAndMinutes(65)).toBe('1 h 05 min');
    expect(rateText(446)).toBe('44,6 %');
    expect(rateText(1000)).toBe('100 %');
  });
});
