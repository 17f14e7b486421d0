import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswerSurvey, CreateQuestionnaire, InviteContacts, SurveyDispatch } from '../contexts/satisfaction/testing.js';
import { Database } from '../platform/database/database.js';
import type { Actor } from '../shared-kernel/index.js';

const HOT = [
  { id: 'satisfaction', type: 'note', label: 'Dans l’ensemble, êtes-vous satisfait(e) de la formation ?', required: true },
  { id: 'objectifs', type: 'choix_unique', label: 'Les objectifs annoncés ont-ils été atteints ?', required: true, options: ['Tout à fait', 'En partie', 'Pas du tout'] },
  { id: 'points_forts', type: 'choix_multiple', label: 'Qu’avez-vous le plus apprécié ?', required: false, options: ['Les vidéos', 'Les exercices pratiques', 'Les quiz', 'L’accompagnement du formateur'] },
  { id: 'formateur', type: 'note', label: 'Comment évaluez-vous l’accompagnement de votre formatrice ou formateur ?', required: true },
  { id: 'suggestions', type: 'texte', label: 'Que pourrions-nous améliorer ?', required: false },
];
const COLD = [
  { id: 'usage', type: 'choix_unique', label: 'Utilisez-vous dans votre travail ce que vous avez appris ?', required: true, options: ['Chaque semaine', 'De temps en temps', 'Rarement', 'Jamais'] },
  { id: 'utilite', type: 'note', label: 'Avec le recul, quelle note donneriez-vous à l’utilité de la formation ?', required: true },
  { id: 'temoignage', type: 'texte', label: 'Un exemple concret de ce que la formation a changé pour vous ?', required: false },
];
const EMPLOYER = [
  { id: 'competences', type: 'note', label: 'Avez-vous constaté une progression des compétences de votre salarié(e) ?', required: true },
  { id: 'organisation', type: 'choix_unique', label: 'L’organisation de la formation (horaires, distance) était-elle compatible avec l’activité ?', required: true, options: ['Oui', 'Avec quelques difficultés', 'Non'] },
  { id: 'commentaire', type: 'texte', label: 'Votre commentaire', required: false },
];

const FUNDER = [
  { id: 'conformite', type: 'note', label: 'La formation a-t-elle été conforme à la proposition financée ?', required: true },
  { id: 'documents', type: 'choix_unique', label: 'Les documents (attestations, émargements) vous sont-ils parvenus dans les délais ?', required: true, options: ['Oui', 'Avec retard', 'Non'] },
  { id: 'remarque', type: 'texte', label: 'Une remarque sur notre collaboration ?', required: false },
];
const TRAINER = [
  { id: 'groupe', type: 'note', label: 'Comment évaluez-vous la dynamique du groupe ?', required: true },
  { id: 'moyens', type: 'choix_unique', label: 'Les moyens mis à disposition étaient-ils suffisants ?', required: true, options: ['Oui', 'En partie', 'Non'] },
  { id: 'ameliorations', type: 'texte', label: 'Que changeriez-vous pour la prochaine session ?', required: false },
];

/**
 * Satisfaction questionnaires of the demo (issue 29 item 4, docs/adr/0054), through the real
 * handlers: « à chaud » and « à froid » (3 weeks) questionnaires for every course, and the
 * employers', funders' and trainers' ones; the daily dispatch run once invites Léa and Inès, whose
 * September session of the templates course ended, their enrolments' contacts (Boulangerie Martin
 * SARL, France Travail Île-de-France, the Caisse des Dépôts) and the session's trainer; Léa and Inès answer « à chaud », Inès « à froid » too, and Inès's
 * employer (a bakery's HR) answers by the link of its e-mail. The rest stays to answer (Léa's
 * « à froid » shows in her space).
 */
export async function seedDemoSatisfaction(app: INestApplicationContext, asAdmin: Actor, people: { lea: Actor; ines: Actor }, courses: { templates: number }): Promise<void> {
  const commands = app.get(CommandBus);
  const db = app.get(Database);
  const create = (title: string, kind: string, questions: object[], extra: Record<string, unknown> = {}) =>
    commands.execute(new CreateQuestionnaire(asAdmin, { kind, courseId: null, title, questions, coldDelayDays: undefined, reminderDays: 7, maxReminders: 2, active: true, ...extra }, randomUUID()));
  const hot = await create('Questionnaire de satisfaction à chaud', 'chaud', HOT);
  const cold = await create('Questionnaire à froid — trois semaines après', 'froid', COLD, { coldDelayDays: 21 });
  const employer = await create('Avis de l’employeur sur la formation', 'employeur', EMPLOYER);
  await create('Avis du financeur sur la formation', 'financeur', FUNDER);
  await create('Bilan de session du formateur', 'formateur', TRAINER);
  // Invites the learners, and the enrolments' employers and funders and the session's trainer (Claire) without typing.
  await app.get(SurveyDispatch).run();

  const invitation = async (questionnaireId: number, learner: Actor) =>
    (await db.one<{ id: number }>('select id from satisfaction.invitation where questionnaire_id = $1 and student_id = $2 and course_id = $3', [questionnaireId, learner.profileId, courses.templates]))?.id;
  const answer = async (questionnaireId: number, learner: Actor, answers: Record<string, unknown>) => {
    const id = await invitation(questionnaireId, learner);
    if (id) await commands.execute(new AnswerSurvey({ actor: learner, invitationId: id }, answers, randomUUID()));
  };
  await answer(hot, people.lea, {
    satisfaction: 5, objectifs: 'Tout à fait', points_forts: ['Les exercices pratiques', 'L’accompagnement du formateur'], formateur: 5,
    suggestions: 'Un modèle de facture supplémentaire serait utile pour les indépendants.',
  });
  await answer(hot, people.ines, { satisfaction: 4, objectifs: 'En partie', points_forts: ['Les vidéos'], formateur: 4, suggestions: 'Le module sur les styles allait un peu vite.' });
  await answer(cold, people.ines, { usage: 'Chaque semaine', utilite: 5, temoignage: 'Je prépare maintenant seule les tableaux de suivi des commandes.' });

  const session = await db.one<{ session_id: number }>('select session_id from enrolment.training_session_summary where course_id = $1 order by start_date limit 1', [courses.templates]);
  await commands.execute(new InviteContacts(employer, courses.templates, session?.session_id ?? null, ['rh@boulangerie-durand.fr', 'direction@cabinet-lemaire.fr']));
  const link = await db.one<{ token: string }>(`select token from satisfaction.invitation where questionnaire_id = $1 and email = 'rh@boulangerie-durand.fr'`, [employer]);
  if (link) {
    await commands.execute(new AnswerSurvey({ token: link.token }, { competences: 4, organisation: 'Avec quelques difficultés', commentaire: 'Très bon retour de notre salariée ; les séances du mardi tombaient pendant le rush du matin.' }, randomUUID()));
  }
}
