import type { ContentInput } from '../contexts/catalogue/testing.js';
import * as T from './demo-course-texts.js';

/** A step as its trainer adds it; `demoVideo` names the project's own video it uploads (assets/video/<name>.mp4, demo-media.ts). */
export type DemoStep = Omit<ContentInput, 'video' | 'scorm'> & { demoVideo?: string };
export type DemoChapter = DemoStep & { subchapters?: DemoStep[] };
type Chapter = DemoChapter;

export interface DemoCourse {
  title: string;
  description: string;
  category: string;
  teacher: 'claire.martin' | 'julien.bernard';
  techs: string;
  image: string;
  chapters: Chapter[];
}

const text = (title: string, duration: number, body: string): DemoStep => ({ title, contentType: 'text', duration, textContent: body });
/** An uploaded video made by the project (assets/video/make-demo-videos.sh); its duration is the file's. */
const video = (title: string, file: string): DemoStep => ({ title, contentType: 'video_file', duration: 0, demoVideo: file });

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
      { ...text('Pourquoi des modèles ?', 600, T.TEMPLATES_WHY),
        subchapters: [text('Styles et thèmes', 900, T.TEMPLATES_STYLES), text('Champs automatiques', 600, T.TEMPLATES_FIELDS)] },
      { ...video('Créer un modèle Excel protégé', 'modele-excel-protege'),
        subchapters: [text('Listes déroulantes et validation', 900, T.TEMPLATES_VALIDATION)] },
    ],
  },
  {
    title: 'Excel : tableaux croisés dynamiques',
    description: 'Analysez des milliers de lignes en quelques clics et présentez vos résultats avec des graphiques clairs.',
    category: 'Bureautique', teacher: 'claire.martin', techs: 'Excel', image: 'bureautique-excel.jpg',
    chapters: [
      text('Préparer ses données', 900, T.PIVOT_DATA),
      video('Premier tableau croisé', 'premier-tableau-croise'),
      text('Graphiques croisés dynamiques', 1200, T.PIVOT_CHARTS),
    ],
  },
  {
    title: 'Piloter un projet avec la méthode agile',
    description: 'Scrum et Kanban appliqués : backlog, sprints, rituels et indicateurs, avec un cas pratique complet.',
    category: 'Gestion de projet', teacher: 'claire.martin', techs: 'Gestion de projet, Scrum, Kanban', image: 'gestion-de-projet.jpg',
    chapters: [
      { ...text('Les valeurs du manifeste agile', 900, T.AGILE_MANIFESTO),
        subchapters: [text('Scrum en une page', 600, T.AGILE_SCRUM), text('Kanban en une page', 600, T.AGILE_KANBAN)] },
      video('Animer une rétrospective', 'animer-une-retrospective'),
    ],
  },
  {
    title: 'Guide de l’Étudiant en formation à distance',
    description: 'Organiser son temps, prendre des notes efficaces et rester motivé tout au long d’une formation en ligne.',
    category: 'Communication et langues', teacher: 'claire.martin', techs: 'Organisation, Méthodologie', image: 'communication.jpg',
    chapters: [
      text('Planifier ses semaines', 600, T.GUIDE_PLANNING),
      text('Prendre des notes', 900, T.GUIDE_NOTES),
    ],
  },
  {
    title: 'Les bases de HTML et CSS',
    description: 'Construisez vos premières pages web accessibles et responsives, du balisage sémantique à la mise en page Flexbox.',
    category: 'Développement web', teacher: 'julien.bernard', techs: 'HTML, CSS, Développement web', image: 'developpement-web.jpg',
    chapters: [
      { ...text('Structure d’une page', 900, T.HTML_STRUCTURE),
        subchapters: [text('Titres et paragraphes', 600, T.HTML_HEADINGS), video('Les liens et les images', 'liens-et-images')] },
      text('Mise en page avec Flexbox', 1800, T.HTML_FLEXBOX),
    ],
  },
  {
    title: 'JavaScript moderne',
    description: 'Variables, fonctions, objets, promesses et modules : le JavaScript d’aujourd’hui, exercices corrigés à l’appui.',
    category: 'Développement web', teacher: 'julien.bernard', techs: 'JavaScript, Développement web', image: 'javascript.jpg',
    chapters: [
      text('Variables et types', 1200, T.JS_VARIABLES),
      video('Fonctions et portée', 'fonctions-et-portee'),
      { ...text('Asynchrone', 1800, T.JS_ASYNC), subchapters: [text('Gérer les erreurs', 900, T.JS_ERRORS)] },
    ],
  },
  {
    title: 'Sensibilisation à la cybersécurité',
    description: 'Hameçonnage, mots de passe, mises à jour : les bons réflexes pour protéger votre poste et les données de votre entreprise.',
    category: 'Sécurité informatique', teacher: 'julien.bernard', techs: 'Sécurité informatique', image: 'securite-informatique.jpg',
    chapters: [
      text('Reconnaître un hameçonnage', 900, T.SECURITY_PHISHING),
      text('Des mots de passe solides', 600, T.SECURITY_PASSWORDS),
      video('Que faire en cas d’incident ?', 'que-faire-en-cas-d-incident'),
    ],
  },
  {
    title: 'Comptabilité générale : les fondamentaux',
    description: 'Le plan comptable, les écritures courantes, le bilan et le compte de résultat expliqués pas à pas.',
    category: 'Comptabilité et gestion', teacher: 'claire.martin', techs: 'Comptabilité, Excel', image: 'comptabilite.jpg',
    chapters: [
      text('Le plan comptable général', 1200, T.ACCOUNTING_PCG),
      text('Les écritures courantes', 1800, T.ACCOUNTING_ENTRIES),
    ],
  },
  {
    title: 'Anglais professionnel : réunions et e-mails',
    description: 'Rédigez des e-mails clairs et participez à des réunions en anglais avec assurance.',
    category: 'Communication et langues', teacher: 'claire.martin', techs: 'Anglais', image: 'anglais-professionnel.jpg',
    chapters: [
      { ...text('Rédiger un e-mail professionnel', 900, T.ENGLISH_EMAILS), subchapters: [text('Formules utiles pour vos e-mails', 600, T.ENGLISH_PHRASES)] },
      text('Participer à une réunion en anglais', 900, T.ENGLISH_MEETINGS),
    ],
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
    chapters: [text('Importer ses données', 900, T.POWER_BI_IMPORT)],
  },
  {
    title: 'Anglais des affaires au téléphone', description: 'Appels, messages vocaux et conférences : l’anglais des échanges à distance.',
    category: 'Gestion de projet', teacher: 'sofiane.amrani', techs: 'Anglais',
    chapters: [] as DemoStep[],
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
