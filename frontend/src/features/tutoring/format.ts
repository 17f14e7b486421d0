/** A day as French readers write it: « 12 novembre 2026 ». */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

/** A message's time: « 12/11/2026 14:05 ». */
export const formatTime = (iso: string) => new Date(iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** A due date as the centre set it: « 30 novembre 2026 à 23:59 », in Paris time (docs/adr/0044). */
export const formatDue = (iso: string) =>
  new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
