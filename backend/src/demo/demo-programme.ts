import type { CommandBus } from '@nestjs/cqrs';
import { EditCourseProgramme, type ProgrammeChanges } from '../contexts/catalogue/testing.js';
import type { Database } from '../platform/database/database.js';
import type { Actor } from '../shared-kernel/index.js';

/**
 * The programme sheet of every demo course (issue 29 item 1, docs/adr/0047), as the Centre de
 * formation LMS (Lyon) publishes them: public, prerequisites, access delays, modality, methods,
 * evaluation, accessibility with the centre's disability referent, contacts and price. « Excel :
 * tableaux croisés dynamiques » prepares a certification registered in the Répertoire spécifique
 * (an Excel certification of the TOSA kind: RS code, certifier, CPF-eligible); « Piloter un projet
 * avec la méthode agile » is « sur devis » (sold to companies as an intra-entreprise session).
 */
const REFERENT = { referentName: 'Hélène Garnier', referentEmail: 'referent.handicap@demo.lms-formation.fr', referentPhone: '04 78 42 16 30' };
const ACCESSIBILITY =
  'Nos formations à distance sont accessibles aux personnes en situation de handicap : sous-titres des vidéos, documents compatibles avec les lecteurs d’écran, '
  + 'temps d’évaluation aménageable. Contactez notre référente handicap avant l’entrée en formation pour étudier ensemble les adaptations nécessaires '
  + '(avec l’Agefiph ou la MDPH si besoin).';
const contacts = (trainer: string) =>
  `Inscriptions et financement : 04 78 42 16 00, inscriptions@demo.lms-formation.fr (du lundi au vendredi, 9 h – 17 h)\nPédagogie : ${trainer}, formateur·rice du cours, depuis la messagerie de la plateforme`;
const DELAYS_DISTANCE = 'Entrée en formation possible chaque lundi, sous 14 jours après la validation de l’inscription (11 jours ouvrés pour un financement CPF).';
const DISTANCE_METHODS = 'Formation à distance sur la plateforme : vidéos courtes, fiches de cours, exercices pratiques sur fichiers fournis, quiz d’entraînement ; '
  + 'un formateur répond aux questions par la messagerie sous 48 h ouvrées et anime une classe virtuelle de suivi.';

const SHEETS: Record<string, ProgrammeChanges> = {
  'Modèles de documents Word et Excel': {
    targetPublic: 'Assistant·es, secrétaires et gestionnaires qui produisent des documents récurrents (courriers, devis, comptes rendus) avec Word et Excel.',
    prerequisites: 'Utiliser Word et Excel au quotidien : saisir, mettre en forme et enregistrer un document.',
    accessDelays: DELAYS_DISTANCE, modality: 'distance', teachingMethods: DISTANCE_METHODS,
    evaluationMethods: 'Positionnement en début de parcours ; quiz à la fin de chaque chapitre ; réalisation d’un modèle Word et d’un classeur Excel protégé, corrigés par le formateur.',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Claire Martin'), priceCents: 59000,
  },
  'Excel : tableaux croisés dynamiques': {
    targetPublic: 'Salarié·es, demandeur·ses d’emploi et indépendant·es qui analysent des données dans Excel et souhaitent faire reconnaître leur niveau par une certification.',
    prerequisites: 'Connaître les bases d’Excel : saisir des données, écrire une formule simple (SOMME, MOYENNE), trier et filtrer un tableau. Un test de positionnement est proposé avant l’inscription.',
    accessDelays: DELAYS_DISTANCE, modality: 'distance', teachingMethods: DISTANCE_METHODS,
    evaluationMethods: 'Test de positionnement, quiz notés après chaque chapitre, cas pratique final sur un fichier de ventes ; passage de la certification en ligne, surveillé, '
      + 'à la fin du parcours (score sur 1 000).',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Claire Martin'), priceCents: 69000,
    certifying: true, certificationCode: 'RS5252', certifier: 'Isograd',
    equivalences: 'Pas d’équivalence ni de passerelle : la certification est délivrée par blocs de score, valables pour une durée illimitée ; elle peut être repassée pour atteindre un niveau supérieur.',
    outcomes: 'Valoriser ses compétences sur Excel dans un CV et auprès d’un employeur ; postes d’assistant·e, de gestionnaire administratif·ve, de contrôleur·se de gestion junior.',
    cpfEligible: true,
  },
  'Piloter un projet avec la méthode agile': {
    targetPublic: 'Chef·fes de projet, product owners et managers d’équipes qui conduisent des projets en mode itératif.',
    prerequisites: 'Avoir participé à au moins un projet en équipe. Aucune connaissance de Scrum ou de Kanban n’est requise.',
    accessDelays: 'Session intra-entreprise planifiée avec le client : démarrage sous 4 à 6 semaines après la signature de la convention de formation.',
    modality: 'mixte',
    teachingMethods: 'Parcours mixte : modules en ligne sur la plateforme, puis deux journées en présentiel dans les locaux du client (ateliers, simulation de sprint, jeux de rôle) ; '
      + 'une classe virtuelle de retour d’expérience un mois après.',
    evaluationMethods: 'Quiz en ligne après chaque module ; mise en situation pendant la simulation de sprint, évaluée par le formateur sur une grille d’observation ; '
      + 'questionnaire d’auto-évaluation des acquis à la fin.',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Julien Bernard'), onQuote: true,
  },
  'Guide de l’Étudiant en formation à distance': {
    targetPublic: 'Toute personne qui commence une formation à distance avec le centre.',
    prerequisites: 'Aucun.',
    accessDelays: 'Accès immédiat dès l’ouverture du compte sur la plateforme.', modality: 'distance',
    teachingMethods: 'Vidéos et fiches pratiques à suivre à son rythme, exemples de planning et de prise de notes.',
    evaluationMethods: 'Quiz d’auto-évaluation à la fin du parcours (non noté).',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Claire Martin'), priceCents: 0,
  },
  'Les bases de HTML et CSS': {
    targetPublic: 'Personnes en reconversion vers le numérique, chargé·es de communication, webmestres débutant·es.',
    prerequisites: 'Savoir utiliser un ordinateur, gérer des fichiers et des dossiers. Aucune connaissance en programmation n’est requise.',
    accessDelays: DELAYS_DISTANCE, modality: 'distance', teachingMethods: DISTANCE_METHODS,
    evaluationMethods: 'Exercices pratiques corrigés automatiquement, quiz de fin de chapitre, réalisation d’une page web responsive relue par le formateur.',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Julien Bernard'), priceCents: 129000,
  },
  'JavaScript moderne': {
    targetPublic: 'Développeur·ses web débutant·es et intégrateur·rices qui veulent rendre leurs pages interactives.',
    prerequisites: 'Maîtriser HTML et CSS (le cours « Les bases de HTML et CSS » ou une expérience équivalente).',
    accessDelays: DELAYS_DISTANCE, modality: 'distance', teachingMethods: DISTANCE_METHODS,
    evaluationMethods: 'Exercices de code, quiz notés, projet final (une application de liste de tâches) évalué par le formateur.',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Julien Bernard'), priceCents: 149000,
  },
  'Sensibilisation à la cybersécurité': {
    targetPublic: 'Tous les salarié·es d’une entreprise ou d’une collectivité qui utilisent une messagerie et internet.',
    prerequisites: 'Aucun.',
    accessDelays: 'Accès sous 7 jours après l’inscription.', modality: 'distance', teachingMethods: DISTANCE_METHODS,
    evaluationMethods: 'Quiz de mises en situation (courriels suspects, mots de passe) à la fin de chaque chapitre.',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Julien Bernard'), priceCents: 19000,
  },
  'Comptabilité générale : les fondamentaux': {
    targetPublic: 'Assistant·es administratif·ves et comptables débutant·es, créateur·rices d’entreprise.',
    prerequisites: 'Maîtriser les quatre opérations et les pourcentages.',
    accessDelays: DELAYS_DISTANCE, modality: 'distance', teachingMethods: DISTANCE_METHODS,
    evaluationMethods: 'Exercices de saisie d’écritures corrigés, quiz notés, étude de cas finale (lecture d’un bilan).',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Claire Martin'), priceCents: 98000,
  },
  'Anglais professionnel : réunions et e-mails': {
    targetPublic: 'Salarié·es qui échangent en anglais avec des clients, des fournisseurs ou des collègues.',
    prerequisites: 'Niveau A2 en anglais (comprendre des phrases simples du quotidien) ; un test de positionnement est proposé avant l’inscription.',
    accessDelays: DELAYS_DISTANCE, modality: 'distance', teachingMethods: `${DISTANCE_METHODS} Mises en situation orales en classe virtuelle, en petits groupes.`,
    evaluationMethods: 'Test de positionnement, quiz de vocabulaire, rédaction d’e-mails corrigés, jeu de rôle de réunion évalué par le formateur.',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Claire Martin'), priceCents: 112000,
  },
  'Tableaux de bord avec Power BI': {
    targetPublic: 'Contrôleur·ses de gestion, analystes et managers qui suivent des indicateurs dans Excel.',
    prerequisites: 'Utiliser Excel couramment (tableaux, filtres, formules simples).',
    accessDelays: DELAYS_DISTANCE, modality: 'distance', teachingMethods: DISTANCE_METHODS,
    evaluationMethods: 'Exercices guidés, quiz notés, réalisation d’un tableau de bord de ventes publié et commenté par le formateur.',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Claire Martin'), priceCents: 79000,
  },
  'Anglais des affaires au téléphone': {
    targetPublic: 'Commerciaux, assistant·es et chargé·es de clientèle qui téléphonent en anglais.',
    prerequisites: 'Niveau A2 en anglais.',
    accessDelays: DELAYS_DISTANCE, modality: 'distance', teachingMethods: `${DISTANCE_METHODS} Entraînement aux appels en classe virtuelle.`,
    evaluationMethods: 'Quiz d’écoute, jeux de rôle d’appels enregistrés et évalués par le formateur.',
    accessibility: ACCESSIBILITY, ...REFERENT, contacts: contacts('Sofiane Amrani'), priceCents: 86000,
  },
};

/** Every demo course with a sheet of its own; one not listed here (another block's) gets the generic one of the centre. */
export async function seedDemoProgrammes(commands: CommandBus, db: Database, admin: Actor): Promise<void> {
  const courses = await db.query<{ id: number; title: string }>('select id, title from catalogue.course where archived_at is null order by id');
  for (const course of courses) {
    const sheet = SHEETS[course.title] ?? {
      targetPublic: 'Salarié·es et demandeur·ses d’emploi souhaitant développer leurs compétences professionnelles.',
      prerequisites: 'Savoir utiliser un ordinateur et naviguer sur internet.',
      accessDelays: DELAYS_DISTANCE, modality: 'distance' as const, teachingMethods: DISTANCE_METHODS,
      evaluationMethods: 'Quiz à la fin de chaque chapitre et évaluation finale.', accessibility: ACCESSIBILITY, ...REFERENT,
      contacts: contacts('le formateur du cours'), priceCents: 49000,
    };
    await commands.execute(new EditCourseProgramme(admin, course.id, sheet));
  }
}

export const DEMO_PROGRAMME_TITLES = Object.keys(SHEETS);
