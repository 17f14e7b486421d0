import type { VideoRulesView } from '../../lib/api-schema';
import { formatPercent } from '../../lib/format';

/**
 * French copy of the course player and of /my-courses (01 §2.3, §2.4, §4, §5, §8). The spec's own
 * sentences are kept as written (inventory.md); the rest is the product's.
 */
export const messages = {
  player: {
    titleFallback: 'Lecteur de cours',
    title: (course: string) => `Cours : ${course}`,
    back: 'Mes cours',
    outline: 'Sommaire du cours',
    subchaptersOf: (chapter: string) => `Sous-chapitres de ${chapter}`,
    showOutline: 'Afficher le sommaire',
    hideOutline: 'Masquer le sommaire',
    closeOutline: 'Fermer le sommaire',
    completion: (percent: number) => `${formatPercent(percent)} terminé`,
    completionLabel: 'Progression du cours',
    stepOf: (position: number, total: number) => `Étape ${position} sur ${total}`,
    stepsNav: 'Navigation entre les étapes',
    previous: 'Précédent',
    next: 'Suivant',
    validatedStep: 'Étape validée',
    lockedStep: 'Étape verrouillée',
    openStep: 'Étape à valider',
    empty: 'Contenu en cours de préparation',
    notEnrolled: 'Ce cours est réservé à ses étudiants inscrits',
    notEnrolledText: 'Inscrivez-vous depuis la fiche du cours pour le suivre.',
    toDetail: 'Voir la fiche du cours',
    loadFailed: 'Impossible de charger le cours',
    notFound: 'Cours introuvable',
    notFoundText: "Ce cours n'existe pas ou n'est plus proposé.",
    mediaLoading: 'Préparation des contenus…',
    // 01 §4: the locked-step warnings, Next on a step not validated, the end of the course.
    chapterLockedTitle: 'Accès bloqué',
    chapterLockedText: "Terminez les étapes précédentes avant d'accéder à ce chapitre.",
    subchapterLockedTitle: 'Accès refusé',
    subchapterLockedText: 'Vous devez terminer les étapes précédentes.',
    notValidatedTitle: 'Étape non validée',
    notValidatedText: 'Veuillez valider cette étape avant de continuer.',
    finishCourse: 'Terminer le cours',
    courseFinished: 'Cours terminé',
    congratulations: 'Bravo ! Vous avez terminé le cours',
    finishFailed: "Le cours n'a pas pu être terminé : réessayez dans un instant.",
    ok: 'OK',
    // The finish button of a step (the server judges it on the evidence it has).
    finishStep: 'Terminer l’étape',
    finishing: 'Envoi…',
    textHint: 'Lisez cette étape, puis cliquez sur « Terminer l’étape ».',
    /** From the rules the server serves (GET /progress-rules/): « validée à 90 %, … après plus de 2 minutes regardées ». */
    videoFinishHint: ({ share, finish_after_seconds }: VideoRulesView) =>
      `Regardez la vidéo : elle est validée à ${formatPercent(Math.round(share * 100))}, ou par le bouton après plus de ${durationWords(finish_after_seconds)} regardées.`,
    watched: (seconds: number) => `Vu : ${formatSeconds(seconds)}`,
    quizHint: 'Répondez à toutes les questions du quiz : il valide cette étape.',
    quizChecking: 'Vérification de la validation de l’étape…',
    scormHint: 'Le module valide cette étape quand il se déclare terminé ou réussi.',
    savePending: 'Progression non enregistrée pour le moment : nouvel essai automatique.',
  },
  scorm: {
    parts: 'Parties du module',
    part: (index: number, total: number) => `Partie ${index} sur ${total}`,
    saving: 'Enregistrement…',
    saved: 'Progression enregistrée',
    pending: (count: number) => `${count} enregistrement${count > 1 ? 's' : ''} en attente : nouvel essai automatique`,
    loading: 'Chargement du module…',
    runtimeFailed: 'Le module ne peut pas démarrer : rechargez la page.',
    closed: {
      exit: 'Vous avez quitté le module.',
      suspend: 'Module mis en pause : il reprendra là où vous l’avez laissé.',
      end: 'Vous avez atteint la fin du module.',
    } as Record<'exit' | 'suspend' | 'end', string>,
    previewNote: 'Aperçu : rien n’est enregistré (mode consultation, sans crédit).',
    relaunch: 'Relancer le module',
    resume: 'Reprendre le module',
  },
  tracking: {
    title: 'Suivi de mes cours',
    filters: 'Filtrer le suivi des cours',
    course: 'Cours',
    progress: 'Progression',
    time: 'Temps actif',
    status: 'Statut',
    action: 'Ouvrir le cours',
    band: { not_started: 'Non commencé', in_progress: 'En cours', completed: 'Terminé' },
    open: { not_started: 'Commencer', in_progress: 'Reprendre', completed: 'Revoir' },
  },
  myCourses: {
    title: 'Mes cours',
    intro: 'Les cours que vous suivez, votre progression et votre temps de formation.',
    filters: 'Filtrer mes cours',
    filter: {
      all: 'Tous',
      not_started: 'Non commencés',
      in_progress: 'En cours',
      completed: 'Terminés',
    },
    loadFailed: 'Impossible de charger vos cours',
    loadFailedText: 'Vérifiez votre connexion, puis réessayez.',
    empty: "Vous n'êtes inscrit à aucun cours pour le moment.",
    browse: 'Parcourir les catégories',
    noMatch: 'Aucun cours dans cette catégorie de progression.',
    progress: (percent: number) => formatPercent(percent),
    progressLabel: (title: string) => `Progression de ${title}`,
    activeTime: (seconds: number) => `Temps actif : ${formatSeconds(seconds)}`,
    enrolledOn: (date: string) => `Inscrit le ${date}`,
    completedOn: (date: string) => `Terminé le ${date}`,
    trainers: 'Formateur',
    detail: 'Fiche du cours',
    documents: 'Documents',
    transcript: 'Relevé de formation',
    transcriptOf: (title: string) => `Relevé de formation : ${title}`,
    resume: 'Reprendre',
    start: 'Commencer',
    review: 'Revoir',
    chartTitle: 'Temps actif par cours',
    chartEmpty: 'Aucun temps de formation enregistré pour le moment.',
    chartOf: (title: string, time: string) => `${title} : ${time}`,
  },
} as const;

/** 120 → "2 minutes", 60 → "1 minute", 90 → "90 secondes": a threshold said in words. */
function durationWords(seconds: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;
  return seconds % 60 === 0 ? plural(seconds / 60, 'minute') : plural(seconds, 'seconde');
}

/** 75 → "1 min 15 s", 3 720 → "1 h 02 min", 12 → "12 s". */
export function formatSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(min).padStart(2, '0')} min`;
  if (min > 0) return `${min} min${s ? ` ${String(s).padStart(2, '0')} s` : ''}`;
  return `${s} s`;
}
