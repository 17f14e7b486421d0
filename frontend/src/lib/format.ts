/** A no-break space (U+00A0): « 90 % » never breaks between the number and its sign. */
export const NBSP = '\u00a0';

/** « 90 % », « 12,5 % »: French digits (a decimal comma) and a no-break space before the sign. */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 1 })}${NBSP}%`;
}

/** A calendar day `AAAA-MM-JJ` (or the day of an ISO instant as written) → « 31/12/2026 »; `absent` when none. */
export function frenchDay(isoDay: string | null | undefined, absent = ''): string {
  if (!isoDay) return absent;
  const [year, month, day] = isoDay.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

const PARIS_DATE_TIME = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** « 02/03/2026 09:00 » (Paris time), « — » when absent. */
export const formatDateTime = (iso: string | null | undefined): string => (iso ? PARIS_DATE_TIME.format(new Date(iso)) : '—');

/** A fresh key for one write (docs/adr/0022): sent again with the same write, it answers the first outcome. */
export const newKey = (): string => crypto.randomUUID();

/** A handling time: « 3 j 4 h », « 5 h 12 min », « 8 min »; « — » when not answered. */
export function formatHandling(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} j ${hours} h` : `${days} j`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}
