import { frenchDay } from '../../lib/format';

export { formatDateTime, newKey } from '../../lib/format';

/** « 30/04/2026 » for a calendar day YYYY-MM-DD, « — » when absent. */
export const formatDay = (value: string | null | undefined) => frenchDay(value, '—');

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

