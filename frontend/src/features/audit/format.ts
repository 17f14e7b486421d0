/** `2026-12-31` → `31/12/2026`. */
export { frenchDay } from '../../lib/format';
/** An instant in Paris time, « 27/11/2026 14:05 ». */
export const parisDateTime = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
