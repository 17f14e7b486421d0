import type { CommandBus } from '@nestjs/cqrs';
import { DeclareCoursePromises, type CourseNature, type StepDeclaration } from '../contexts/catalogue/testing.js';
import type { Database } from '../platform/database/database.js';
import type { Actor } from '../shared-kernel/index.js';
import { seedDemoProgrammes } from './demo-programme.js';

/**
 * What each demo course promises (issue 26 item 3): real pedagogical objectives for its subject, the
 * planned hours of the action as a centre would sell it, its nature, and each step's declared
 * average duration (D.6313-3-1 2°), shared out over the steps so that they add up to the planned
 * total: in proportion to each step's media or reading time, quizzes and SCORM modules weighing
 * more (they are practice), rounded to 5 minutes.
 */
interface DemoPromises {
  objectives: string[];
  hours: number;
  nature: CourseNature;
}

const PROMISES: Record<string, DemoPromises> = {
  'Modèles de documents Word et Excel': {
    hours: 14,
    nature: 'action_formation',
    objectives: [
      'Créer un modèle Word fondé sur des styles et un thème cohérents',
      'Insérer des champs automatiques (date, pagination, propriétés du document)',
      'Concevoir un classeur Excel modèle dont les zones de saisie sont protégées',
      'Limiter les erreurs de saisie avec des listes déroulantes et la validation des données',
    ],
  },
  'Excel : tableaux croisés dynamiques': {
    hours: 7,
    nature: 'action_formation',
    objectives: [
      'Préparer une source de données exploitable (en-têtes, types, absence de cellules fusionnées)',
      'Construire un tableau croisé dynamique et en modifier les calculs et les regroupements',
      'Filtrer une analyse avec des segments et une chronologie',
      'Choisir et mettre en forme le graphique croisé dynamique adapté au message',
    ],
  },
  'Piloter un projet avec la méthode agile': {
    hours: 21,
    nature: 'action_formation',
    objectives: [
      'Expliquer les valeurs et les principes du manifeste agile',
      'Distinguer les rôles, les événements et les artefacts de Scrum',
      'Mettre en place un tableau Kanban et limiter le travail en cours',
      'Animer une rétrospective qui débouche sur des actions d’amélioration',
    ],
  },
  'Guide de l’Étudiant en formation à distance': {
    hours: 3,
    nature: 'action_formation',
    objectives: [
      'Planifier des créneaux d’apprentissage réguliers compatibles avec son activité',
      'Prendre des notes structurées avec la méthode Cornell',
      'Identifier les ressources d’assistance pédagogique et technique de la formation',
    ],
  },
  'Les bases de HTML et CSS': {
    hours: 35,
    nature: 'action_formation',
    objectives: [
      'Structurer une page web avec les balises sémantiques de HTML5',
      'Respecter une hiérarchie de titres et rendre liens et images accessibles',
      'Mettre en forme une page avec des feuilles de style CSS',
      'Réaliser une mise en page responsive avec Flexbox',
    ],
  },
  'JavaScript moderne': {
    hours: 35,
    nature: 'action_formation',
    objectives: [
      'Déclarer des variables avec let et const et manipuler les types primitifs',
      'Écrire des fonctions et maîtriser la portée des variables',
      'Enchaîner des traitements asynchrones avec les promesses et async/await',
      'Traiter les erreurs d’un code asynchrone avec try/catch',
    ],
  },
  'Sensibilisation à la cybersécurité': {
    hours: 3.5,
    nature: 'action_formation',
    objectives: [
      'Reconnaître les signaux d’un courriel d’hameçonnage',
      'Créer et gérer des mots de passe robustes, avec la double authentification',
      'Appliquer les bons réflexes en cas d’incident de sécurité',
    ],
  },
  'Comptabilité générale : les fondamentaux': {
    hours: 28,
    nature: 'action_formation',
    objectives: [
      'Se repérer dans les classes de comptes du plan comptable général',
      'Enregistrer les écritures courantes d’achats, de ventes et de banque',
      'Lire un bilan et un compte de résultat',
    ],
  },
  'Anglais professionnel : réunions et e-mails': {
    hours: 30,
    nature: 'action_formation',
    objectives: [
      'Rédiger un e-mail professionnel clair en anglais',
      'Participer à une réunion en anglais : prendre la parole, reformuler, conclure',
      'Utiliser le vocabulaire courant des échanges professionnels',
    ],
  },
  'Tableaux de bord avec Power BI': {
    hours: 14,
    nature: 'action_formation',
    objectives: [
      'Importer et transformer des données Excel et CSV dans Power BI',
      'Construire des visuels adaptés aux indicateurs suivis',
      'Publier et partager un tableau de bord',
    ],
  },
  'Anglais des affaires au téléphone': {
    hours: 20,
    nature: 'action_formation',
    objectives: [
      'Passer et recevoir un appel professionnel en anglais',
      'Laisser un message vocal compréhensible',
      'Participer à une conférence téléphonique',
    ],
  },
};

const WEIGHT: Record<string, number> = { quiz: 1.5, scorm: 2 };

/** The planned minutes shared out over the steps, rounded to 5 minutes, adding up exactly. */
export function shareOut(planned: number, steps: readonly { weight: number }[]): number[] {
  if (!steps.length) return [];
  const total = steps.reduce((sum, step) => sum + step.weight, 0);
  const shares = steps.map((step) => Math.max(5, Math.round(((planned * step.weight) / total) / 5) * 5));
  const biggest = shares.indexOf(Math.max(...shares));
  shares[biggest]! += planned - shares.reduce((sum, share) => sum + share, 0);
  return shares;
}

export async function seedDemoPromises(commands: CommandBus, db: Database, admin: Actor): Promise<void> {
  const courses = await db.query<{ id: number; title: string }>('select id, title from catalogue.course where archived_at is null order by id');
  for (const course of courses) {
    const promises = PROMISES[course.title];
    if (!promises) continue;
    const steps = await db.query<{ kind: 'chapter' | 'subchapter'; step_id: number; content_type: string; seconds: number }>(
      `select s.kind, s.step_id, s.content_type,
              coalesce(case when s.kind = 'chapter' then (select coalesce(media_duration, duration) from catalogue.chapter where id = s.step_id)
                            else (select coalesce(media_duration, duration) from catalogue.subchapter where id = s.step_id) end, 0) as seconds
         from catalogue.course_step s where s.course_id = $1 order by s.chapter_position, s.chapter_id, s.position, s.step_id`,
      [course.id],
    );
    const planned = Math.round(promises.hours * 60);
    const minutes = shareOut(planned, steps.map((step) => ({ weight: Math.max(600, step.seconds) * (WEIGHT[step.content_type] ?? 1) })));
    const declarations: StepDeclaration[] = steps.map((step, index) => ({ kind: step.kind, stepId: step.step_id, minutes: minutes[index]! }));
    await commands.execute(new DeclareCoursePromises(admin, course.id, { objectives: promises.objectives.join('\n'), plannedMinutes: planned, nature: promises.nature }, declarations));
  }
  // The rest of each course's programme sheet (issue 29 item 1), in a block of its own.
  await seedDemoProgrammes(commands, db, admin);
}
