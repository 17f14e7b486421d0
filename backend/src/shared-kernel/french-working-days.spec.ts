import {
  addCalendarDays,
  addFrenchWorkingDays,
  easterSunday,
  frenchPublicHoliday,
  frenchPublicHolidays,
  frenchWorkingDaysBetween,
  isFrenchWorkingDay,
  parisCalendarDate,
} from './french-working-days.js';

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

describe('easterSunday', () => {
  it('gives the published dates, the earliest and the latest possible included', () => {
    const known: Record<number, string> = {
      1818: '1818-03-22',
      1943: '1943-04-25',
      2000: '2000-04-23',
      2008: '2008-03-23',
      2011: '2011-04-24',
      2019: '2019-04-21',
      2024: '2024-03-31',
      2025: '2025-04-20',
      2026: '2026-04-05',
      2027: '2027-03-28',
      2028: '2028-04-16',
      2038: '2038-04-25',
      2285: '2285-03-22',
    };
    for (const [year, date] of Object.entries(known)) expect([year, easterSunday(Number(year))]).toEqual([year, date]);
  });

  it('is a Sunday between 22 March and 25 April every year', () => {
    for (let year = 1900; year <= 2200; year++) {
      const easter = easterSunday(year);
      expect([easter, weekday(easter)]).toEqual([easter, 0]);
      expect(easter.slice(5) >= '03-22' && easter.slice(5) <= '04-25').toBe(true);
    }
  });

  it('refuses a year outside the Gregorian calendar', () => {
    expect(() => easterSunday(1500)).toThrow(RangeError);
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
  });
});

describe('frenchPublicHolidays', () => {
  it('lists the eleven days of 2025 and 2026 as service-public.fr does', () => {
    expect(frenchPublicHolidays(2025).map((h) => h.date)).toEqual([
      '2025-01-01',
      '2025-04-21',
      '2025-05-01',
      '2025-05-08',
      '2025-05-29',
      '2025-06-09',
      '2025-07-14',
      '2025-08-15',
      '2025-11-01',
      '2025-11-11',
      '2025-12-25',
    ]);
    expect(frenchPublicHolidays(2026).map((h) => `${h.date} ${h.name}`)).toEqual([
      '2026-01-01 Jour de l’an',
      '2026-04-06 Lundi de Pâques',
      '2026-05-01 Fête du Travail',
      '2026-05-08 Victoire 1945',
      '2026-05-14 Ascension',
      '2026-05-25 Lundi de Pentecôte',
      '2026-07-14 Fête nationale',
      '2026-08-15 Assomption',
      '2026-11-01 Toussaint',
      '2026-11-11 Armistice 1918',
      '2026-12-25 Noël',
    ]);
  });

  it('adds Good Friday and 26 December in Alsace-Moselle', () => {
    const alsace = frenchPublicHolidays(2026, { alsaceMoselle: true });
    expect(alsace).toHaveLength(13);
    expect(alsace.filter((h) => !frenchPublicHolidays(2026).some((m) => m.date === h.date))).toEqual([
      { date: '2026-04-03', name: 'Vendredi saint' },
      { date: '2026-12-26', name: 'Saint-Étienne' },
    ]);
  });

  it('puts the movable days on their weekday every year', () => {
    for (let year = 2000; year <= 2100; year++) {
      const byName = new Map(frenchPublicHolidays(year, { alsaceMoselle: true }).map((h) => [h.name, h.date]));
      expect([year, weekday(byName.get('Lundi de Pâques')!), weekday(byName.get('Ascension')!), weekday(byName.get('Lundi de Pentecôte')!), weekday(byName.get('Vendredi saint')!)]).toEqual([
        year,
        1,
        4,
        1,
        5,
      ]);
    }
  });
});

describe('working days', () => {
  it('are Monday to Friday, public holidays excepted', () => {
    expect(isFrenchWorkingDay('2026-11-27')).toBe(true); // a Friday
    expect(isFrenchWorkingDay('2026-11-28')).toBe(false); // a Saturday
    expect(isFrenchWorkingDay('2026-11-29')).toBe(false); // a Sunday
    expect(isFrenchWorkingDay('2026-11-11')).toBe(false); // Armistice, a Wednesday
    expect(isFrenchWorkingDay('2026-05-14')).toBe(false); // Ascension
    expect(isFrenchWorkingDay('2026-04-03')).toBe(true);
    expect(isFrenchWorkingDay('2026-04-03', { alsaceMoselle: true })).toBe(false);
    expect(frenchPublicHoliday('2026-05-25')).toEqual({ date: '2026-05-25', name: 'Lundi de Pentecôte' });
    expect(frenchPublicHoliday('2026-05-26')).toBeUndefined();
  });

  it('give the last day of a delay of three jours ouvrés (EDOF)', () => {
    const cases: [string, string, string?][] = [
      ['2026-11-23', '2026-11-26'], // Monday → Thursday
      ['2026-11-27', '2026-12-02'], // Friday → over the weekend
      ['2026-11-28', '2026-12-02'], // Saturday: the date itself is never counted
      ['2026-11-06', '2026-11-12'], // over a weekend and 11 November
      ['2026-05-12', '2026-05-18'], // over Ascension
      ['2026-05-22', '2026-05-28'], // over Whit Monday
      ['2026-04-01', '2026-04-07'], // over Easter Monday
      ['2026-04-01', '2026-04-08', 'alsace'], // over Good Friday and Easter Monday
      ['2025-12-24', '2025-12-30'], // over Christmas
      ['2025-12-24', '2025-12-31', 'alsace'], // over Christmas and 26 December
      ['2026-12-30', '2027-01-05'], // over New Year, into the next year
    ];
    for (const [from, expected, alsace] of cases) {
      expect([from, alsace, addFrenchWorkingDays(from, 3, { alsaceMoselle: alsace === 'alsace' })]).toEqual([from, alsace, expected]);
    }
    expect(addFrenchWorkingDays('2026-11-23', 0)).toBe('2026-11-23');
  });

  it('are counted between two dates', () => {
    // May 2026 after the 1st: 20 weekdays, of which 8 May, Ascension and Whit Monday are holidays.
    expect(frenchWorkingDaysBetween('2026-05-01', '2026-05-31')).toBe(17);
    expect(frenchWorkingDaysBetween('2026-11-23', '2026-11-26')).toBe(3);
    expect(frenchWorkingDaysBetween('2026-11-26', '2026-11-23')).toBe(0);
  });

  it('refuse what is not a calendar date', () => {
    for (const bad of ['2026-02-30', '27/11/2026', '2026-1-5', '']) expect(() => isFrenchWorkingDay(bad)).toThrow(RangeError);
    expect(() => addFrenchWorkingDays('2026-11-23', -1)).toThrow(RangeError);
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('parisCalendarDate', () => {
  it('is the day in France, whatever the process’s time zone', () => {
    expect(parisCalendarDate(new Date('2026-11-27T22:59:59Z'))).toBe('2026-11-27'); // 23:59:59 in Paris (winter)
    expect(parisCalendarDate(new Date('2026-11-27T23:00:00Z'))).toBe('2026-11-28'); // midnight in Paris
    expect(parisCalendarDate(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14'); // 23:59:59 in Paris (summer)
    expect(parisCalendarDate(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });
});
