/**
 * The side menus' labels (the role areas' menus): apart from the shell's messages, so that a public
 * page's first visit does not carry them (docs/adr/0010: the shell gave these bytes to the centre's face, docs/adr/0049).
 */
export const sideMessages = {
  student: 'Espace Étudiant',
  teacher: 'Espace Formateur',
  admin: 'Administration',
  showMenu: 'Afficher le menu',
  hideMenu: 'Masquer le menu',
  dashboard: 'Tableau de bord',
  myCourses: 'Mes cours',
  myQuizzes: 'Mes quiz',
  myTeachers: 'Mes formateurs',
  favoriteCourses: 'Cours favoris',
  recommendedCourses: 'Cours recommandés',
  myAssignments: 'Mes devoirs',
  profile: 'Profil',
  password: 'Mot de passe',
  assistance: 'Assistance',
  logout: 'Déconnexion',
  myStudents: 'Mes étudiants',
  adminStudents: 'Étudiants',
  adminCourses: 'Cours',
  adminProgress: 'Suivi de progression',
  adminTeachers: 'Formateurs',
  adminQuizzes: 'Quiz',
  adminXapi: 'Accès xAPI',
  adminCentre: 'Paramètres du centre',
  adminAccessibility: 'Déclaration d’accessibilité',
  adminSupport: 'Assistance technique',
  adminAuditors: 'Auditeurs',
  adminSessions: 'Sessions de formation',
} as const;
