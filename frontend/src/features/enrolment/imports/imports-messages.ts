/** The French copy of « Importer des étudiants » (docs/adr/0052). */
export const importMessages = {
  open: 'Importer des étudiants',
  title: 'Importer des étudiants',
  intro:
    'Déposez un classeur Excel (.xlsx) ou un fichier CSV (UTF-8, séparateur « ; » ou « , ») : une ligne par étudiant. Aucun mot de passe : chaque étudiant reçoit par e-mail un lien pour choisir le sien ; pour ceux sans e-mail, vous recevrez les liens à leur transmettre.',
  template: 'Télécharger le modèle',
  templateFailed: 'Le modèle n’a pas pu être téléchargé.',
  templateDone: (name: string) => `Modèle téléchargé : ${name}`,
  drop: 'Cliquez ou déposez le fichier ici',
  dropHint: 'Colonnes : Prénom, Nom (ou Nom complet), Email, Téléphone, Numéro de dossier, Type de dossier, Type de formation, Formation(s) (titres séparés par « ; » ou numéros), Session, Date d’entrée, Date de sortie (JJ/MM/AAAA), Formateur (e-mail).',
  check: 'Vérifier le fichier',
  checking: 'Vérification…',
  chosen: (name: string) => `Fichier choisi : ${name}`,
  otherFile: 'Choisir un autre fichier',
  summary: (total: number, faulty: number) =>
    `${total.toLocaleString('fr-FR')} ligne${total > 1 ? 's' : ''} lue${total > 1 ? 's' : ''}` +
    (faulty > 0 ? `, ${faulty.toLocaleString('fr-FR')} avec des problèmes.` : ', aucun problème.'),
  fileProblems: 'Le fichier ne peut pas être lu ligne par ligne :',
  fixAndRetry: 'Rien n’a été importé. Corrigez le fichier puis déposez-le de nouveau.',
  ready: 'Le fichier est prêt : l’import crée tous les étudiants, ou aucun.',
  shownRows: (shown: number, total: number) => `Aperçu : ${shown.toLocaleString('fr-FR')} ligne${shown > 1 ? 's' : ''} sur ${total.toLocaleString('fr-FR')} (toutes celles qui ont un problème).`,
  line: 'Ligne',
  name: 'Nom',
  email: 'E-mail',
  noEmail: 'Sans e-mail',
  formations: 'Formation(s)',
  problems: 'Problèmes',
  ok: 'Correcte',
  import: (n: number) => `Importer ${n.toLocaleString('fr-FR')} étudiant${n > 1 ? 's' : ''}`,
  running: 'Import en cours…',
  queued: 'En attente de la file de tâches…',
  progressLabel: 'Progression de l’import',
  imported: (n: number) => `${n.toLocaleString('fr-FR')} étudiant${n > 1 ? 's' : ''} importé${n > 1 ? 's' : ''}, avec leurs inscriptions.`,
  emails: (done: number, total: number) => `E-mails d’activation envoyés : ${done.toLocaleString('fr-FR')} sur ${total.toLocaleString('fr-FR')}.`,
  failed: 'L’import a échoué : aucun étudiant n’a été importé ni prévenu.',
  linksPending: (n: number) =>
    n > 1
      ? `${n.toLocaleString('fr-FR')} étudiants sans e-mail : leurs liens d’activation ne sont affichés qu’une fois.`
      : '1 étudiant sans e-mail : son lien d’activation n’est affiché qu’une fois.',
  showLinks: 'Afficher les liens d’activation',
  linksOnce: 'Copiez ou téléchargez ces liens maintenant : ils ne seront plus affichés. Chaque lien sert une fois, pendant 14 jours.',
  downloadLinks: 'Télécharger les liens (CSV)',
  link: 'Lien d’activation',
  close: 'Fermer',
  cancel: 'Annuler',
  failure: 'La demande n’a pas abouti : réessayez dans un instant.',
} as const;
