/**
 * French working days (jours ouvrés): Monday to Friday, French public holidays excepted (Code du
 * travail L.3133-1: 1 January, Easter Monday, 1 May, 8 May, Ascension, Whit Monday, 14 July,
 * 15 August, 1 November, 11 November, 25 December; in Alsace-Moselle, Good Friday and 26 December
 * too, L.3134-13). The CPF's EDOF deadlines are counted in them (issue 29: an entry and an exit are
 * declared within three working days).
 *
 * Written here rather than taken from a package: the only complete one (date-holidays) brings 45 MB
 * of calendars and astronomy for eleven dates, and the French one (@socialgouv/jours-feries) answers
 * Date objects at local midnight, which shift by a day with the process's time zone. Days are
 * calendar dates ('YYYY-MM-DD'), never instants, so nothing here depends on a time zone.
 */

/** A calendar date, 'YYYY-MM-DD'. */
export type CalendarDate = string;

export interface FrenchHolidayOptions {
  /** Bas-Rhin, Haut-Rhin and Moselle: Good Friday and 26 December are public holidays too. */
  alsaceMoselle?: boolean;
}

export interface FrenchHoliday {
  date: CalendarDate;
  name: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The date's days since 1970-01-01 (UTC arithmetic on a calendar date: no time zone involved). */
function dayNumber(date: CalendarDate): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Date attendue au format AAAA-MM-JJ : ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  // 2026-02-30 is not a date: Date.UTC would quietly make it 2 March.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) throw new RangeError(`Date inexistante : ${date}`);
  return time / DAY_MS;
}

function fromDayNumber(days: number): CalendarDate {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A calendar date `YYYY-MM-DD` that exists, between 1900 and 2100 (`2026-02-30` does not): what a
 * form may send, and a range where the working days are computed and no training runs outside.
 */
export function isCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== 'string' || !DATE.test(value) || value < '1900-01-01' || value > '2100-12-31') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Adds `days` calendar days to a date. */
export function addCalendarDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days);
}

/**
 * Easter Sunday of a Gregorian year (the anonymous algorithm published by Meeus, after Jones and
 * Butcher, valid for every Gregorian year).
 */
export function easterSunday(year: number): CalendarDate {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`Année hors du calendrier grégorien : ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The year's French public holidays, in date order. */
export function frenchPublicHolidays(year: number, options: FrenchHolidayOptions = {}): FrenchHoliday[] {
  const easter = easterSunday(year);
  const fixed = (monthDay: string, name: string): FrenchHoliday => ({ date: `${year}-${monthDay}`, name });
  const holidays: FrenchHoliday[] = [
    fixed('01-01', 'Jour de l’an'),
    { date: addCalendarDays(easter, 1), name: 'Lundi de Pâques' },
    fixed('05-01', 'Fête du Travail'),
    fixed('05-08', 'Victoire 1945'),
    { date: addCalendarDays(easter, 39), name: 'Ascension' },
    { date: addCalendarDays(easter, 50), name: 'Lundi de Pentecôte' },
    fixed('07-14', 'Fête nationale'),
    fixed('08-15', 'Assomption'),
    fixed('11-01', 'Toussaint'),
    fixed('11-11', 'Armistice 1918'),
    fixed('12-25', 'Noël'),
  ];
  if (options.alsaceMoselle) holidays.push({ date: addCalendarDays(easter, -2), name: 'Vendredi saint' }, fixed('12-26', 'Saint-Étienne'));
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

/** The public holiday on this date, if any. */
export function frenchPublicHoliday(date: CalendarDate, options: FrenchHolidayOptions = {}): FrenchHoliday | undefined {
  dayNumber(date);
  return frenchPublicHolidays(Number(date.slice(0, 4)), options).find((holiday) => holiday.date === date);
}

/** True from Monday to Friday when the day is not a public holiday. */
export function isFrenchWorkingDay(date: CalendarDate, options: FrenchHolidayOptions = {}): boolean {
  // 1970-01-01 was a Thursday: day 0 → 4 (Sunday 0 … Saturday 6).
  const weekday = (((dayNumber(date) + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6 && frenchPublicHoliday(date, options) === undefined;
}

/**
 * The `count`-th working day after `date` (the date itself not counted, whatever it is): the last
 * day of a delay of `count` jours ouvrés starting from it.
 */
export function addFrenchWorkingDays(date: CalendarDate, count: number, options: FrenchHolidayOptions = {}): CalendarDate {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Nombre de jours ouvrés invalide : ${count}`);
  let day = date;
  dayNumber(day);
  for (let left = count; left > 0; ) {
    day = addCalendarDays(day, 1);
    if (isFrenchWorkingDay(day, options)) left--;
  }
  return day;
}

/** The working days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function frenchWorkingDaysBetween(from: CalendarDate, to: CalendarDate, options: FrenchHolidayOptions = {}): number {
  const [start, end] = [dayNumber(from), dayNumber(to)];
  let count = 0;
  for (let day = start + 1; day <= end; day++) if (isFrenchWorkingDay(fromDayNumber(day), options)) count++;
  return count;
}

const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in France (Europe/Paris) at an instant: the centre's « today » by the server's clock. */
export function parisCalendarDate(instant: Date): CalendarDate {
  return PARIS_DAY.format(instant);
}
