import type { CentreMissing } from './centre-types';

/** The texts of « Paramètres du centre » (French, as everything the centre's staff read). */
export const messages = {
  title: 'Paramètres du centre',
  intro:
    'Ces informations figurent sur les certificats de réalisation, les attestations de fin de formation et les e-mails envoyés par la plateforme. ' +
    'Tant qu’elles manquent, les documents indiquent ce qui manque au lieu d’imprimer un blanc.',
  identity: 'Identité du centre',
  address: 'Adresse',
  signatory: 'Signataire des documents',
  images: 'Logo et signature',
  fields: {
    nom: 'Nom du centre (raison sociale)',
    siret: 'SIRET',
    nda: 'Numéro de déclaration d’activité (NDA)',
    rue: 'Numéro et rue',
    code_postal: 'Code postal',
    ville: 'Ville',
    signataire_nom: 'Nom du signataire',
    qualite: 'Qualité du signataire',
    qualite_delegue: 'Qualité du délégataire',
    lieu: 'Lieu du « Fait à … »',
  },
  help: {
    siret: '14 chiffres ; les espaces sont acceptés.',
    nda: '11 chiffres, tel qu’il figure sur le récépissé de la DREETS.',
    lieu: 'La ville écrite sur les documents : « Fait à Lyon, le … ».',
  },
  hoursBasis: {
    title: 'Heures des certificats et attestations',
    intro:
      'Choisissez comment les heures réalisées sont comptées sur les certificats de réalisation et les attestations de fin de formation. Le choix s’applique aux documents émis ensuite ; chaque document garde la base avec laquelle il a été émis.',
    label: 'Base de calcul des heures',
    measured: 'Temps actif mesuré (par défaut)',
    measuredHelp:
      'Le temps pendant lequel l’apprenant a réellement travaillé sur les étapes du cours, mesuré par la plateforme (page visible et activité récente, ou vidéo en lecture), validées ou non.',
    declared: 'Durées déclarées des étapes validées',
    declaredHelp:
      'La somme des durées moyennes que le formateur a déclarées pour chaque chapitre ou sous-chapitre (article D.6313-3-1 du Code du travail), pour les seules étapes que l’apprenant a validées. Une étape validée sans durée déclarée compte pour 0 heure.',
  },
  legalRepresentative: 'Représentant légal du dispensateur',
  delegate: 'Délégataire (qualité à préciser)',
  delegatePlaceholder: 'Ex. : Directrice pédagogique, par délégation',
  save: 'Enregistrer',
  saved: 'Paramètres du centre enregistrés.',
  saveFailed: 'Les paramètres n’ont pas pu être enregistrés.',
  logo: 'Logo du centre',
  signature: 'Signature ou cachet',
  imageHint: 'Image PNG ou JPEG, 2 Mo au plus.',
  choose: (label: string) => `Déposer : ${label.toLowerCase()}`,
  replace: (label: string) => `Remplacer : ${label.toLowerCase()}`,
  remove: (label: string) => `Retirer : ${label.toLowerCase()}`,
  none: 'Aucune image déposée.',
  preview: (label: string) => `Aperçu : ${label.toLowerCase()}`,
  imageSaved: 'Image enregistrée.',
  imageRemoved: 'Image retirée.',
  imageFailed: 'L’image n’a pas pu être enregistrée.',
  missingTitle: 'Ce qui manque encore sur les documents',
  nothingMissing: 'Rien ne manque : les documents peuvent être établis.',
  loadFailed: 'Les paramètres du centre n’ont pas pu être chargés.',
  missing: {
    nom: 'Le nom du centre',
    siret: 'Le SIRET',
    nda: 'Le numéro de déclaration d’activité',
    adresse: 'L’adresse complète (rue, code postal, ville)',
    signataire: 'Le nom du signataire',
    qualite_signataire: 'La qualité du signataire',
    lieu: 'Le lieu du « Fait à … »',
    logo: 'Le logo',
    signature: 'L’image de la signature ou du cachet',
  } satisfies Record<CentreMissing, string>,
} as const;
