export { formatDuration } from '../../components/course/format';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** « 02/03/2026 09:00 » (Paris time), « — » when absent. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

/** A fresh key for one write (docs/adr/0022): sent again with the same write, it answers the first outcome. */
export const newKey = (): string => crypto.randomUUID();
