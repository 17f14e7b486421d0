/** French copy of the step renderer (01 §5, §8; 02 §2). */
export const messages = {
  scormLoadError: 'Erreur de chargement',
  scormUnavailable: 'Module SCORM non disponible',
  scormLaunching: 'Ouverture du module…',
  noVideo: "Aucune vidéo n'est associée à cette étape.",
  openVideo: 'Ouvrir la vidéo',
  noText: "Aucun texte pour cette étape.",
  quizTitle: (title: string) => `Quiz : ${title}`,
  quizNumber: (id: number) => `n° ${id}`,
  quizPreview: 'Aperçu : le quiz est interactif uniquement pour les étudiants inscrits.',
  noQuiz: "Aucun quiz n'est associé à cette étape.",
  unknownType: "Ce type de contenu ne peut pas être affiché.",
  mediaLoading: 'Préparation des contenus…',
} as const;
