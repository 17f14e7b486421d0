/** The words of the documents' block (certificats de réalisation, attestations de fin de formation; issue 26 item 6). */
import type { DocumentKind, PartialReason } from './evidence-api';

const frenchDay = (iso: string | null) => {
  if (!iso) return 'non renseignée';
  const [y, mo, d] = iso.slice(0, 10).split('-');
  return `${d}/${mo}/${y}`;
};

export const documentMessages = {
  title: 'Documents',
  mine: 'Mes documents',
  none: 'Aucun document émis pour ce cours.',
  noneMine: 'Aucun document ne vous a encore été délivré pour ce cours.',
  loadFailed: 'Les documents n’ont pas pu être chargés.',
  kinds: {
    certificat_realisation: 'Certificat de réalisation',
    attestation_fin_formation: 'Attestation de fin de formation',
  } satisfies Record<DocumentKind, string> as Record<string, string>,
  issueOf: {
    certificat_realisation: 'Émettre le certificat de réalisation',
    attestation_fin_formation: 'Émettre l’attestation de fin de formation',
  } satisfies Record<DocumentKind, string>,
  issueAgainOf: (kind: string) => `${kind} : émettre une nouvelle version`,
  columns: {
    kind: 'Document',
    version: 'Version',
    status: 'Statut',
    hours: 'Heures réalisées',
    issuedAt: 'Émis le',
    code: 'Code de vérification',
    download: 'PDF',
  },
  status: {
    emis: 'émis',
    remplace: (by: number | null) => (by ? `remplacé (par la version ${by})` : 'remplacé'),
  },
  bases: {
    temps_actif_mesure: 'temps actif mesuré sur la plateforme',
    durees_declarees: 'durées déclarées des étapes validées',
  } as Record<string, string>,
  basesShort: {
    temps_actif_mesure: 'temps actif mesuré',
    durees_declarees: 'durées déclarées',
  } as Record<string, string>,
  phoneMeta: (version: number, issuedAt: string, code: string) => `Version ${version} · émis le ${issuedAt} · code ${code}`,
  download: 'Télécharger',
  downloadOf: (kind: string, version: number) => `Télécharger : ${kind}, version ${version}`,
  downloaded: (name: string) => `Fichier ${name} téléchargé.`,
  downloadFailed: 'Le document n’a pas pu être téléchargé.',
  issue: 'Émettre',
  issueAgain: 'Émettre une nouvelle version',
  cancel: 'Annuler',
  issueTitle: (kind: string) => `Émettre : ${kind}`,
  issueAgainTitle: (kind: string) => `${kind} : émettre une nouvelle version`,
  issued: (kind: string, version: number) => `${kind} émis (version ${version}).`,
  unchanged: (version: number) => `La version ${version} en vigueur énonce déjà exactement ces éléments : aucune nouvelle version n’a été émise.`,
  issueFailed: 'Le document n’a pas pu être émis.',
  previewFailed: 'Les éléments du document n’ont pas pu être réunis.',
  previewIntro: 'Voici ce que le document indiquera, calculé maintenant par le serveur à partir de ses enregistrements :',
  centreMissing: 'L’identité du centre est incomplète : le document indiquera « non renseigné » pour :',
  centreLink: 'Compléter les paramètres du centre',
  centreFields: {
    nom: 'le nom du centre',
    siret: 'le SIRET',
    nda: 'le numéro de déclaration d’activité',
    adresse: 'l’adresse',
    signataire: 'le nom du signataire',
    qualite_signataire: 'la qualité du signataire',
    lieu: 'le lieu « Fait à »',
    logo: 'le logo',
    signature: 'la signature ou le cachet',
  } as Record<string, string>,
  figures: {
    learner: 'Apprenant',
    realised: 'Durée réalisée',
    basis: 'Base de calcul des heures',
    planned: 'Durée prévue',
    rate: 'Taux de réalisation',
    notCompleted: 'Heures non réalisées',
    dates: 'Dates de la formation',
    funding: 'Financement',
    dossier: 'dossier n°',
    employer: 'Employeur',
    evaluation: 'Résultats de l’évaluation des acquis',
  },
  notSet: 'non renseigné',
  rateUnknown: 'non calculable (durée prévue non renseignée)',
  undeclared: (n: number) => `${n} étape${n > 1 ? 's' : ''} validée${n > 1 ? 's' : ''} sans durée déclarée, comptée${n > 1 ? 's' : ''} pour 0 heure`,
  dates: (debut: string | null, fin: string | null) => `du ${frenchDay(debut)} au ${frenchDay(fin)}`,
  noEvaluation: 'Aucune évaluation enregistrée.',
  reasonLabel: 'Motif de la réalisation partielle',
  reasonHelp: 'La réalisation est partielle : le motif figurera sur le document.',
  reasonPlaceholder: 'Choisir un motif',
  reasonRequired: 'Choisissez le motif de la réalisation partielle.',
  reasons: {
    abandon: 'Abandon',
    absence: 'Absence',
    interruption: 'Interruption',
    force_majeure: 'Force majeure',
  } satisfies Record<PartialReason, string>,
};
