/** French copy of the shared work page (a screen of the student, trainer or admin area). */
export const messages = {
  loading: 'Chargement',
  loadFailed: 'Impossible de charger les données.',
  notFound: 'Élément introuvable',
  notFoundText: "L'élément demandé n'existe pas ou n'est plus disponible.",
} as const;
