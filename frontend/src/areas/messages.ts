/** French copy of the role areas' own screens (home, dashboards). */
export const messages = {
  greeting: (name: string | null) => (name ? `Bonjour, ${name}` : 'Bonjour'),
  student: {
    dashboardTitle: 'Tableau de bord étudiant',
    intro: 'Bienvenue dans votre espace étudiant.',
  },
  teacher: {
    dashboardTitle: 'Tableau de bord formateur',
    intro: 'Bienvenue dans votre espace formateur.',
  },
  admin: {
    dashboardTitle: 'Tableau de bord administrateur',
    intro: "Bienvenue dans l'espace d'administration.",
  },
  home: {
    title: 'Accueil',
    eyebrow: 'Centre de formation',
    heading: 'Formez-vous à votre rythme, accompagné par nos formateurs',
    text: 'Cours en ligne, quiz, devoirs et suivi de progression : tout votre parcours de formation au même endroit.',
    loginCard: 'Connexion étudiant',
    browse: 'Découvrir nos cours',
    categories: 'Voir les catégories',
    noAccount: 'Pas encore de compte ?',
    register: 'Créer un compte',
    connectedAs: (username: string) => `Vous êtes connecté en tant que ${username}.`,
    goToSpace: 'Accéder à mon espace',
    highlights: [
      {
        title: 'Des cours structurés',
        text: 'Chapitres vidéo, textes et modules interactifs, à suivre étape par étape.',
      },
      {
        title: 'Une progression suivie',
        text: 'Votre avancement est enregistré : reprenez votre cours là où vous vous étiez arrêté.',
      },
      {
        title: 'Des formateurs disponibles',
        text: 'Échangez avec vos formateurs et recevez vos devoirs directement dans votre espace.',
      },
    ],
  },
} as const;
