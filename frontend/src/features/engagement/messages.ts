/** French copy of the engagement alerts (issue 29 item 5, docs/adr/0053). */
export const kinds = { not_started: 'Non commencé', inactive: 'Inactif', behind: 'En retard sur la session' } as const;

export const messages = {
  title: 'Alertes d’assiduité',
  intro:
    'Les apprenants qui n’ont pas commencé leur formation, qui n’ont plus d’activité, ou dont la progression est en retard sur le calendrier de leur session. ' +
    'Chacun reçoit une relance par e-mail selon les réglages du centre ; chaque relance est enregistrée dans le journal et son effet (activité depuis) est suivi.',
  view: 'Affichage',
  tabs: { alerts: 'Apprenants en alerte', reminders: 'Relances envoyées', settings: 'Réglages' },
  filters: { course: 'Formation', session: 'Session', kind: 'Type d’alerte', allCourses: 'Toutes les formations', allSessions: 'Toutes les sessions', allKinds: 'Tous les types' },
  columns: {
    learner: 'Apprenant', course: 'Formation', kind: 'Alerte', figures: 'Constat', reminders: 'Relances', actions: 'Action',
    sentAt: 'Envoyée le', nth: 'Rang', mode: 'Envoi', effect: 'Activité depuis',
  },
  figures: {
    not_started: (days: number) => `Inscrit il y a ${days} jours, aucune étape ouverte`,
    inactive: (days: number, percentage: number) => `Aucune activité depuis ${days} jours (progression ${percentage} %)`,
    behind: (percentage: number, expected: number) => `Progression ${percentage} % pour ${expected} % de la session écoulée`,
  },
  session: (name: string) => `Session : ${name}`,
  none: 'Aucun apprenant en alerte.',
  noReminder: 'Aucune relance',
  reminder: (nth: number, at: string, manual: boolean) => `${nth}${nth === 1 ? 're' : 'e'} relance le ${at}${manual ? ' (à la main)' : ''}`,
  notMailed: ' — e-mail en attente',
  remind: 'Relancer maintenant',
  remindOne: (name: string) => `Relancer maintenant ${name}`,
  reminded: (name: string, nth: number) => `${name} a été relancé(e) (${nth}${nth === 1 ? 're' : 'e'} relance).`,
  remindedNotMailed: 'La relance est enregistrée ; l’e-mail partira dès que le serveur de messagerie répondra.',
  transcript: (name: string) => `Relevé de ${name}`,
  noneSent: 'Aucune relance envoyée.',
  manual: 'À la main',
  automatic: 'Automatique',
  yes: 'Oui',
  no: 'Non',
  settings: {
    intro: 'Les délais et la marge qui mettent un apprenant en alerte, et le rythme des relances automatiques (tâche quotidienne, 9 h 30).',
    notStarted: 'Non commencé',
    notStartedDays: 'Jours après l’inscription sans étape ouverte',
    inactive: 'Inactif',
    inactiveDays: 'Jours sans activité',
    behind: 'En retard sur la session',
    behindMargin: 'Marge tolérée (points de pourcentage sous la part de session écoulée)',
    interval: 'Jours entre deux relances',
    max: 'Nombre maximal de relances automatiques par alerte',
    enabled: (label: string) => `Alerte « ${label} » activée`,
    save: 'Enregistrer les réglages',
    saved: 'Réglages enregistrés.',
    changedAt: (at: string) => `Dernière modification : ${at}`,
  },
  failed: 'L’opération a échoué. Réessayez dans un instant.',
};
