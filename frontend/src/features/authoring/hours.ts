/**
 * Durations as a trainer types them (issue 26): « 35 h », « 35 », « 7 h 30 », « 7h30 », « 7,5 h »,
 * « 1 h 05 min », « 45 min ». The API takes whole minutes; a bare number is hours for a course's
 * planned duration and minutes for a step's declared duration (`bare`).
 */
export const PROMISED_MINUTES_MAX = 2000 * 60;

export type ParsedDuration = { minutes: number | null; error?: undefined } | { minutes?: undefined; error: string };

const HOURS_AND_MINUTES = /^(\d{1,5})\s*h(?:eures?)?\s*(\d{1,2})?\s*(?:min(?:utes?)?|mn)?$/;
const DECIMAL = /^(\d{1,6}(?:[.,]\d{1,2})?)\s*(h|heures?|min|minutes?|mn)?$/;

export function parseDuration(text: string | null | undefined, bare: 'hours' | 'minutes'): ParsedDuration {
  const typed = (text ?? '').trim().toLowerCase().replace(/\u00a0/g, ' ');
  if (!typed) return { minutes: null };
  if (typed.startsWith('-')) return { error: 'Une durée ne peut pas être négative.' };
  let minutes: number | null = null;
  const hm = HOURS_AND_MINUTES.exec(typed);
  if (hm) {
    const rest = hm[2] === undefined ? 0 : Number(hm[2]);
    if (rest > 59) return { error: 'Les minutes vont de 0 à 59 (« 7 h 30 »).' };
    minutes = Number(hm[1]) * 60 + rest;
  } else {
    const decimal = DECIMAL.exec(typed);
    if (!decimal) return { error: 'Saisissez une durée comme « 35 h », « 7 h 30 », « 7,5 h » ou « 45 min ».' };
    const value = Number(decimal[1].replace(',', '.'));
    const unit = decimal[2] ? (decimal[2].startsWith('h') ? 'hours' : 'minutes') : bare;
    minutes = Math.round(unit === 'hours' ? value * 60 : value);
  }
  if (minutes === 0) return { error: 'Une durée déclarée est d’au moins une minute (laissez vide si elle ne l’est pas).' };
  if (minutes > PROMISED_MINUTES_MAX) return { error: 'Une durée ne dépasse pas 2 000 heures.' };
  return { minutes };
}

/** Minutes written back into the field: « 7 h 30 », « 35 h », « 45 min »; empty when not declared. */
export function typedDuration(minutes: number | null | undefined): string {
  if (!minutes) return '';
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${String(rest).padStart(2, '0')}` : `${minutes / 60} h`;
}

/** A form rule for a duration field. */
export const durationTextRule = (bare: 'hours' | 'minutes') => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    const parsed = parseDuration(value, bare);
    if (parsed.error) throw new Error(parsed.error);
  },
});
