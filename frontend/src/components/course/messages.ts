/** French copy of the shared course card, grid and pager. */
export const messages = {
  students: (n: number) => `${n.toLocaleString('fr-FR')} ${n > 1 ? 'inscrits' : 'inscrit'}`,
  chapters: (n: number) => `${n} ${n > 1 ? 'chapitres' : 'chapitre'}`,
  rating: (value: number) => value.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ratingOutOf5: (value: number) => `${messages.rating(value)} / 5`,
  ratingCount: (n: number) => `(${n} avis)`,
  notRated: 'Pas encore noté',
  ratingAria: (value: number | null) =>
    value === null ? 'Pas encore noté' : `Note moyenne : ${messages.rating(value)} sur 5`,
  byTeacher: 'Formateur',
  previous: 'Précédent',
  next: 'Suivant',
  pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  pagination: 'Pagination',
  empty: 'Aucun cours pour le moment.',
  loadFailedTitle: 'Chargement impossible',
  loadFailed: 'Les cours n’ont pas pu être chargés. Vérifiez votre connexion puis réessayez.',
  retry: 'Réessayer',
  loading: 'Chargement des cours…',
} as const;
