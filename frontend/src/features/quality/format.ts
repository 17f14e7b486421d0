const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'UTC' });

/** « 02/03/2026 09:00 » (Paris time), « — » when absent. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

/** « 30/04/2026 » for a calendar day YYYY-MM-DD, « — » when absent. */
export const formatDay = (value: string | null | undefined) => (value ? day.format(new Date(`${value}T00:00:00Z`)) : '—');

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

/** A fresh key for one write (docs/adr/0022): sent again with the same write, it answers the first outcome. */
export const newKey = (): string => crypto.randomUUID();
