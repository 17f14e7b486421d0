/**
 * French copy of the enrolment feature. The spec's texts are verbatim (inventory.md):
 * the five action states, 'étoile'/'étoiles', the toasts and the enrolment failure popup.
 */
export const messages = {
  actions: {
    label: 'Inscription au cours',
    enrol: "S'inscrire à ce cours",
    enrolled: 'Déjà inscrit',
    loginRequired: 'Connexion requise',
    loginHint: 'Connectez-vous avec votre compte étudiant pour vous inscrire.',
    rate: 'Noter ce cours',
    rated: 'Déjà noté',
    favouriteAdd: 'Ajouter aux favoris',
    favouriteRemove: 'Retirer des favoris',
    favouriteAdded: 'Cours ajouté à vos favoris.',
    favouriteRemoved: 'Cours retiré de vos favoris.',
    favouriteFailed: 'Impossible de modifier vos favoris.',
  },
  enrolSuccess: 'Inscription réussie !',
  enrolErrorTitle: 'Erreur',
  enrolError: "Impossible de s'inscrire au cours",
  rating: {
    title: 'Noter ce cours',
    intro: 'Quelle note donnez-vous à ce cours ?',
    star: 'étoile',
    stars: 'étoiles',
    starLabel: (n: number) => `${n} ${n > 1 ? 'étoiles' : 'étoile'}`,
    review: 'Votre avis (facultatif)',
    reviewPlaceholder: 'Ce qui vous a plu, ce qui pourrait être amélioré…',
    submit: 'Envoyer ma note',
    cancel: 'Annuler',
    thanks: 'Merci pour votre note !',
    failed: 'Votre note n’a pas pu être enregistrée. Réessayez plus tard.',
  },
  favourites: {
    title: 'Cours favoris',
    intro: 'Les cours que vous avez mis de côté.',
    empty: 'Vous n’avez pas encore de cours favori.',
    browse: 'Parcourir les cours',
  },
  recommended: {
    title: 'Cours recommandés',
    intro: 'Des cours choisis selon vos centres d’intérêt et vos formateurs.',
    empty: 'Aucune recommandation pour le moment.',
    browse: 'Voir tous les cours',
  },
} as const;

/** Toast durations of 01 §9 (seconds, as antd counts them). */
export const TOAST_SECONDS = 3;
