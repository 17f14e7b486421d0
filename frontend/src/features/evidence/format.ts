/** French dates and durations of the transcript. */
export { formatDuration } from '../../components/course/format';

const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
const dayOnly = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export { formatDateTime } from '../../lib/format';
/** « 2 mars 2026 » (Paris time). */
export const formatDate = (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : '—');
/** A day of the connection log, AAAA-MM-JJ as the server gives it: « lundi 2 mars 2026 ». */
export const formatDay = (day: string) => dayOnly.format(new Date(`${day}T00:00:00Z`));
