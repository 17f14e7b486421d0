/**
 * The privacy policy of /policy (01 §2.3): every section the spec lists, in its order — data
 * controller, data collected, purposes, sharing, retention, GDPR rights, security, cookies,
 * changes. The retention wording is the spec's (constant 38).
 */
export interface PolicySection {
  id: string;
  title: string;
  paragraphs?: string[];
  items?: string[];
  after?: string[];
}

export const policy = {
  title: 'Politique de confidentialité',
  toc: 'Sommaire',
  updated: 'Dernière mise à jour : 21 novembre 2026',
  intro:
    'Le centre de formation LMS attache une grande importance à la protection de vos données personnelles. Cette politique explique quelles données nous traitons lorsque vous utilisez la plateforme de formation en ligne, pourquoi, combien de temps, et comment exercer vos droits, conformément au Règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés.',
  sections: [
    {
      id: 'responsable',
      title: '1. Responsable du traitement',
      paragraphs: [
        'Le responsable du traitement est le Centre de formation LMS, 24 rue de la République, 69002 Lyon, joignable au 04 65 71 20 40 ou à contact@lms-formation.fr.',
        'Pour toute question relative à vos données, vous pouvez écrire à notre référent à la protection des données : dpo@lms-formation.fr.',
      ],
    },
    {
      id: 'donnees',
      title: '2. Données collectées',
      paragraphs: ['Nous ne collectons que les données utiles à votre formation :'],
      items: [
        'Identification : nom, prénom, adresse email, nom d’utilisateur, photo de profil facultative.',
        'Compte : mot de passe (conservé uniquement sous une forme hachée, impossible à déchiffrer) et centres d’intérêt que vous indiquez.',
        'Dossier de formation : numéro et type de dossier, type de financement, formation suivie, dates d’entrée et de sortie.',
        'Parcours pédagogique : inscriptions aux cours, chapitres validés, temps passé, progression, résultats aux quiz, devoirs, documents consultés, notes et avis laissés sur les cours.',
        'Échanges : messages envoyés à vos formateurs ou reçus d’eux.',
        'Données techniques : journaux de connexion (date, heure, adresse IP), nécessaires à la sécurité du service.',
      ],
    },
    {
      id: 'finalites',
      title: '3. Finalités et bases légales',
      items: [
        'Créer et gérer votre compte, vous donner accès à vos cours : exécution du contrat de formation.',
        'Suivre votre progression, vous accompagner et évaluer vos acquis : exécution du contrat de formation.',
        'Établir votre attestation de fin de formation et justifier de votre assiduité auprès des financeurs (Caisse des Dépôts pour le CPF, OPCO, France Travail, employeur) : obligation légale.',
        'Assurer la sécurité de la plateforme et prévenir les fraudes : intérêt légitime.',
        'Améliorer nos formations à partir de statistiques anonymisées et de vos avis : intérêt légitime.',
      ],
      after: ['Vos données ne sont jamais utilisées à des fins publicitaires ni vendues.'],
    },
    {
      id: 'partage',
      title: '4. Partage des données',
      paragraphs: ['Vos données ne sont accessibles qu’aux personnes qui en ont besoin :'],
      items: [
        'l’équipe administrative et pédagogique du centre, chacun pour ce qui le concerne ;',
        'vos formateurs, pour les cours et les stagiaires qui leur sont confiés ;',
        'les financeurs de votre formation, pour les seules informations exigées par la réglementation (présence, réalisation, résultats) ;',
        'nos prestataires techniques (hébergement, envoi d’emails), liés par contrat et soumis aux mêmes exigences de confidentialité.',
      ],
      after: [
        'Les données sont hébergées dans l’Union européenne et ne font l’objet d’aucun transfert hors de l’Union européenne.',
      ],
    },
    {
      id: 'conservation',
      title: '5. Durée de conservation',
      paragraphs: [
        'Vos données sont conservées pendant la formation, puis une durée légale de 5 à 10 ans selon les cas :',
      ],
      items: [
        'dossier de formation, feuilles d’émargement, attestations et justificatifs demandés par les financeurs et les contrôles qualité : jusqu’à 5 ans après la fin de la formation ;',
        'pièces comptables et factures : 10 ans ;',
        'journaux de connexion : 1 an ;',
        'messages et avis : pendant la formation, puis archivés avec votre dossier.',
      ],
      after: ['Au terme de ces durées, les données sont supprimées ou rendues anonymes.'],
    },
    {
      id: 'droits',
      title: '6. Vos droits (RGPD)',
      paragraphs: ['Vous disposez à tout moment des droits suivants sur vos données :'],
      items: [
        'droit d’accès et d’obtenir une copie de vos données ;',
        'droit de rectification des données inexactes (vous pouvez aussi modifier votre profil dans votre espace) ;',
        'droit à l’effacement, dans la limite de nos obligations légales de conservation ;',
        'droit à la limitation du traitement et droit d’opposition au traitement fondé sur l’intérêt légitime ;',
        'droit à la portabilité des données que vous nous avez fournies ;',
        'droit de définir des directives relatives au sort de vos données après votre décès.',
      ],
      after: [
        'Pour exercer ces droits, écrivez à dpo@lms-formation.fr ou au Centre de formation LMS, 24 rue de la République, 69002 Lyon, en précisant votre nom et votre adresse email. Nous répondons dans un délai d’un mois.',
        'Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (Commission nationale de l’informatique et des libertés), 3 place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur www.cnil.fr.',
      ],
    },
    {
      id: 'securite',
      title: '7. Sécurité',
      items: [
        'tous les échanges avec la plateforme sont chiffrés (HTTPS) ;',
        'les mots de passe sont hachés avec un algorithme irréversible (argon2id) et doivent compter au moins 12 caractères ;',
        'les sessions reposent sur des jetons de courte durée, révoqués à la déconnexion et au changement de mot de passe ;',
        'chaque rôle (étudiant, formateur, administration) n’accède qu’aux données qui le concernent ;',
        'les actions pédagogiques sont consignées dans un journal protégé contre toute modification, et les données sont sauvegardées régulièrement.',
      ],
      after: [
        'En cas de violation de données susceptible de présenter un risque pour vous, nous prévenons la CNIL et, si nécessaire, les personnes concernées.',
      ],
    },
    {
      id: 'cookies',
      title: '8. Cookies et stockage local',
      paragraphs: [
        'La plateforme n’utilise ni cookies publicitaires, ni outil de mesure d’audience tiers, ni réseaux sociaux intégrés.',
        'Pour vous garder connecté, elle enregistre dans le stockage local de votre navigateur les seules informations de session strictement nécessaires (statut de connexion, identifiant, nom d’utilisateur, jetons d’accès). Elles sont effacées à la déconnexion. Ces traceurs indispensables au service que vous demandez ne requièrent pas votre consentement (article 82 de la loi Informatique et Libertés).',
      ],
    },
    {
      id: 'modifications',
      title: '9. Modifications de cette politique',
      paragraphs: [
        'Nous pouvons faire évoluer cette politique, notamment pour suivre la réglementation ou les fonctionnalités de la plateforme. La date de dernière mise à jour figure en haut de cette page ; en cas de changement important, vous en serez informé par email ou par un message dans votre espace.',
      ],
    },
  ] satisfies PolicySection[],
};
