import type { ContentInput } from '../contexts/catalogue/testing.js';

type Chapter = ContentInput & { subchapters?: ContentInput[] };

export interface DemoCourse {
  title: string;
  description: string;
  category: string;
  teacher: 'claire.martin' | 'julien.bernard';
  techs: string;
  image: string;
  chapters: Chapter[];
}

const text = (title: string, duration: number, body: string): ContentInput => ({ title, contentType: 'text', duration, textContent: body });
const video = (title: string, duration: number, url: string): ContentInput => ({ title, contentType: 'video_url', duration, videoUrl: url });

export const DEMO_CATEGORIES = [
  { title: 'Bureautique', description: 'Word, Excel, PowerPoint : les outils du quotidien, du premier pas à la maîtrise.' },
  { title: 'Gestion de projet', description: 'Planifier, piloter et livrer : méthodes classiques et agiles.' },
  { title: 'Développement web', description: 'HTML, CSS, JavaScript et les bonnes pratiques pour créer des sites et des applications.' },
  { title: 'Sécurité informatique', description: 'Protéger les postes, les données et les utilisateurs.' },
  { title: 'Comptabilité et gestion', description: 'Les fondamentaux de la comptabilité, de la paie et de la gestion d’entreprise.' },
  { title: 'Communication et langues', description: 'Communication professionnelle, prise de parole et anglais des affaires.' },
];

export const DEMO_COURSES: DemoCourse[] = [
  {
    title: 'Modèles de documents Word et Excel',
    description: 'Concevez des modèles réutilisables : styles, champs automatiques, tableaux protégés et listes déroulantes.',
    category: 'Bureautique', teacher: 'claire.martin', techs: 'Word, Excel', image: 'bureautique-excel.jpg',
    chapters: [
      { ...text('Pourquoi des modèles ?', 600, 'Un modèle évite de refaire la mise en page et garantit une présentation homogène.\n\nNous verrons comment partir d’un document existant.'),
        subchapters: [text('Styles et thèmes', 900, 'Les styles structurent le document et alimentent la table des matières.'), text('Champs automatiques', 600, 'Date, numéro de page, propriétés du document.')] },
      { ...video('Créer un modèle Excel protégé', 1200, 'https://www.youtube.com/watch?v=rwbho0CgEAE'),
        subchapters: [text('Listes déroulantes et validation', 900, 'La validation des données limite les erreurs de saisie.')] },
    ],
  },
  {
    title: 'Excel : tableaux croisés dynamiques',
    description: 'Analysez des milliers de lignes en quelques clics et présentez vos résultats avec des graphiques clairs.',
    category: 'Bureautique', teacher: 'claire.martin', techs: 'Excel', image: 'bureautique-excel.jpg',
    chapters: [
      text('Préparer ses données', 900, 'Un tableau de données propre : une ligne d’en-tête, pas de cellules fusionnées, un type par colonne.'),
      video('Premier tableau croisé', 1500, 'https://vimeo.com/76979871'),
      text('Graphiques croisés dynamiques', 1200, 'Choisir le bon graphique pour le bon message.'),
    ],
  },
  {
    title: 'Piloter un projet avec la méthode agile',
    description: 'Scrum et Kanban appliqués : backlog, sprints, rituels et indicateurs, avec un cas pratique complet.',
    category: 'Gestion de projet', teacher: 'claire.martin', techs: 'Gestion de projet, Scrum, Kanban', image: 'gestion-de-projet.jpg',
    chapters: [
      { ...text('Les valeurs du manifeste agile', 900, 'Individus et interactions, logiciel opérationnel, collaboration, adaptation au changement.'),
        subchapters: [text('Scrum en une page', 600, 'Rôles, événements, artefacts.'), text('Kanban en une page', 600, 'Visualiser, limiter le travail en cours, gérer le flux.')] },
      video('Animer une rétrospective', 1800, 'https://www.youtube.com/watch?v=8-ioYFOHmz8'),
    ],
  },
  {
    title: 'Guide de l’Étudiant en formation à distance',
    description: 'Organiser son temps, prendre des notes efficaces et rester motivé tout au long d’une formation en ligne.',
    category: 'Communication et langues', teacher: 'claire.martin', techs: 'Organisation, Méthodologie', image: 'communication.jpg',
    chapters: [
      text('Planifier ses semaines', 600, 'Bloquez des créneaux réguliers et courts plutôt qu’une longue séance.'),
      text('Prendre des notes', 900, 'La méthode Cornell en pratique.'),
    ],
  },
  {
    title: 'Les bases de HTML et CSS',
    description: 'Construisez vos premières pages web accessibles et responsives, du balisage sémantique à la mise en page Flexbox.',
    category: 'Développement web', teacher: 'julien.bernard', techs: 'HTML, CSS, Développement web', image: 'developpement-web.jpg',
    chapters: [
      { ...text('Structure d’une page', 900, 'Le doctype, l’en-tête, le corps ; les balises sémantiques.'),
        subchapters: [text('Titres et paragraphes', 600, 'Une hiérarchie de titres sans saut de niveau.'), video('Les liens et les images', 900, 'https://www.youtube.com/watch?v=qz0aGYrrlhU')] },
      text('Mise en page avec Flexbox', 1800, 'Axes, alignement, répartition de l’espace.'),
    ],
  },
  {
    title: 'JavaScript moderne',
    description: 'Variables, fonctions, objets, promesses et modules : le JavaScript d’aujourd’hui, exercices corrigés à l’appui.',
    category: 'Développement web', teacher: 'julien.bernard', techs: 'JavaScript, Développement web', image: 'javascript.jpg',
    chapters: [
      text('Variables et types', 1200, 'let, const, et les types primitifs.'),
      video('Fonctions et portée', 1500, 'https://www.youtube.com/watch?v=W6NZfCO5SIk'),
      { ...text('Asynchrone', 1800, 'Promesses et async/await.'), subchapters: [text('Gérer les erreurs', 900, 'try/catch et les rejets de promesses.')] },
    ],
  },
  {
    title: 'Sensibilisation à la cybersécurité',
    description: 'Hameçonnage, mots de passe, mises à jour : les bons réflexes pour protéger votre poste et les données de votre entreprise.',
    category: 'Sécurité informatique', teacher: 'julien.bernard', techs: 'Sécurité informatique', image: 'securite-informatique.jpg',
    chapters: [
      text('Reconnaître un hameçonnage', 900, 'Expéditeur, liens, pièces jointes, urgence : les signaux d’alerte.'),
      text('Des mots de passe solides', 600, 'Longueur, unicité, gestionnaire de mots de passe, double authentification.'),
      video('Que faire en cas d’incident ?', 900, 'https://www.youtube.com/watch?v=inWWhr5tnEA'),
    ],
  },
  {
    title: 'Comptabilité générale : les fondamentaux',
    description: 'Le plan comptable, les écritures courantes, le bilan et le compte de résultat expliqués pas à pas.',
    category: 'Comptabilité et gestion', teacher: 'claire.martin', techs: 'Comptabilité, Excel', image: 'comptabilite.jpg',
    chapters: [
      text('Le plan comptable général', 1200, 'Les classes de comptes et leur logique.'),
      text('Les écritures courantes', 1800, 'Achats, ventes, banque : débit et crédit.'),
    ],
  },
  {
    title: 'Anglais professionnel : réunions et e-mails',
    description: 'Rédigez des e-mails clairs et participez à des réunions en anglais avec assurance.',
    category: 'Communication et langues', teacher: 'claire.martin', techs: 'Anglais', image: 'anglais-professionnel.jpg',
    chapters: [],
  },
];

/**
 * Drafts (docs/adr/0030), seen by their trainer and the admins only: Claire's, ready to publish
 * (« Publier » works), and the pending trainer's, without a chapter (« Publier » says what is missing,
 * and the trainer is not accepted yet).
 */
export const DEMO_DRAFT_COURSES = [
  {
    title: 'Tableaux de bord avec Power BI', description: 'Relier ses données, construire des visuels et partager un tableau de bord.',
    category: 'Bureautique', teacher: 'claire.martin', techs: 'Power BI, Excel',
    chapters: [text('Importer ses données', 900, 'Power BI lit les classeurs Excel, les fichiers CSV et les bases de données.\n\nCommençons par un classeur de ventes.')],
  },
  {
    title: 'Anglais des affaires au téléphone', description: 'Appels, messages vocaux et conférences : l’anglais des échanges à distance.',
    category: 'Gestion de projet', teacher: 'sofiane.amrani', techs: 'Anglais',
    chapters: [] as ContentInput[],
  },
];

export const DEMO_PAGES = [
  {
    title: 'Mentions légales',
    slug: 'mentions-legales',
    html:
      '<h2>Éditeur du site</h2><p>Centre de formation LMS, SAS au capital de 10 000 €, 24 rue de la République, 69002 Lyon. ' +
      'Déclaration d’activité enregistrée auprès du préfet de région Auvergne-Rhône-Alpes.</p>' +
      '<h2>Hébergement</h2><p>Le site est hébergé en France par un prestataire certifié.</p>' +
      '<h2>Contact</h2><p>Écrivez-nous à <a href="mailto:contact@lms-formation.fr">contact@lms-formation.fr</a>.</p>' +
      // Stored sanitised: the script, the handler and the javascript: link are removed on write
      // (tested by the catalogue API tests, and in Chromium by e2e/catalogue.e2e.ts).
      '<p onclick="window.__xss = 1">Pour toute question, <a href="javascript:window.__xss = 1">écrivez-nous</a> ou appelez le 04 65 71 20 40.</p>' +
      '<script>window.__xss = 1</script>',
  },
  {
    title: 'Conditions générales de vente',
    slug: 'conditions-generales-de-vente',
    html:
      '<h2>Objet</h2><p>Les présentes conditions régissent les formations proposées par le centre.</p>' +
      '<h2>Financement</h2><p>Nos formations sont éligibles au CPF et aux financements des OPCO ; une convention de formation est signée avant l’entrée.</p>' +
      '<h2>Rétractation</h2><p>Vous disposez de 14 jours pour vous rétracter à compter de la signature.</p>',
  },
  {
    title: 'Accessibilité',
    slug: 'accessibilite',
    html:
      '<h2>Notre engagement</h2><p>Le centre accueille les personnes en situation de handicap : un référent handicap étudie avec vous les adaptations nécessaires.</p>' +
      '<p>Contactez-le à <a href="mailto:handicap@lms-formation.fr">handicap@lms-formation.fr</a>.</p>',
  },
];
