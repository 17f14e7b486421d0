import { randomUUID } from 'node:crypto';
import type { AggregateStore } from '../platform/aggregate-store/index.js';
import type { AppConfig } from '../platform/config/config.js';
import type { Database } from '../platform/database/database.js';
import { Clock, type Actor } from '../shared-kernel/index.js';
import {
  AnswerComplaint, AnswerComplaintHandler, ChangeComplaintStatus, ChangeComplaintStatusHandler, ComplaintFilingThrottle, FileComplaint, FileComplaintHandler,
  OpenImprovementAction, OpenImprovementActionHandler, RecordComplaintAction, RecordComplaintActionHandler, UpdateImprovementAction, UpdateImprovementActionHandler,
} from '../contexts/quality/testing.js';

/**
 * The quality desk's clock: the complaints were received and handled over the weeks before the
 * seeding, so that the register's handling times read like a real centre's (the server computes
 * them from this clock as it would from its own). Only the demo's quality commands read it.
 */
class DemoQualityClock extends Clock {
  private at = Date.now();

  now(): Date {
    return new Date(this.at);
  }

  /** Sets the desk's time `days` before the seeding. */
  daysAgo(days: number): void {
    this.at = Date.now() - days * 86_400_000;
  }
}

/**
 * Complaints and the improvement log of the demo (issue 29 item 6, docs/adr/0048), through the real
 * handlers: an employer's late certificate (answered, action taken, an improvement done, closed);
 * Inès's video that does not load on her phone (answered, an improvement under way, treated); Léa's
 * trainer slow to answer (answered, being handled); a visitor's question on CPF funding (just
 * received); and two entries of the log from a satisfaction survey and an internal audit.
 */
export async function seedDemoQuality(
  store: AggregateStore,
  db: Database,
  config: AppConfig,
  actors: { admin: Actor; lea: Actor; ines: Actor },
  courses: { templates: number; pivotTables: number; agile: number },
): Promise<void> {
  const clock = new DemoQualityClock();
  const file = new FileComplaintHandler(store, db, clock, new ComplaintFilingThrottle(db, clock, config));
  const answer = new AnswerComplaintHandler(store, clock);
  const status = new ChangeComplaintStatusHandler(store, clock);
  const action = new RecordComplaintActionHandler(store, clock);
  const improve = new OpenImprovementActionHandler(store, clock);
  const update = new UpdateImprovementActionHandler(store, clock);
  const idOf = async (reference: string) => (await db.one<{ id: number }>('select id from quality.complaint where reference = $1', [reference]))!.id;
  const visitorInput = (contact: { name: string; email: string; phone: string | null }, category: string, courseId: number | null, message: string) => ({
    category, courseId, message, visitor: contact, honeypot: undefined, requestKey: randomUUID(), address: 'demo',
  });

  // An employer's certificate that came late.
  clock.daysAgo(41);
  const late = await idOf(
    (await file.execute(new FileComplaint(null, visitorInput(
      { name: 'Sophie Garnier', email: 'sophie.garnier@menuiserie-roux.example', phone: '04 72 10 33 58' }, 'documents', courses.agile,
      'Bonjour, notre salarié a terminé la formation « Piloter un projet avec la méthode agile » il y a trois semaines et nous n’avons toujours pas reçu son certificat de réalisation, indispensable pour la prise en charge par notre OPCO. Pouvez-vous nous l’adresser rapidement ?',
    )))).reference,
  );
  clock.daysAgo(39);
  await answer.execute(new AnswerComplaint(actors.admin, late,
    'Madame, nous vous prions de nous excuser pour ce retard. Le certificat de réalisation vous a été envoyé ce jour par e-mail ; il est également disponible dans l’espace de votre salarié. Nous revoyons notre procédure pour que les certificats partent dès la fin de la formation.',
    randomUUID()));
  await action.execute(new RecordComplaintAction(actors.admin, late, 'Certificat émis et envoyé à l’employeur le jour même ; vérification hebdomadaire des formations terminées sans certificat émis.'));
  const certificates = await improve.execute(new OpenImprovementAction(actors.admin, {
    source: 'reclamation', description: 'Émettre les certificats de réalisation dès la fin de la formation, sans attendre la demande de l’employeur ou du financeur.',
    owner: 'Responsable administrative', dueOn: isoDay(-20),
  }, late));
  clock.daysAgo(22);
  await update.execute(new UpdateImprovementAction(actors.admin, certificates, {
    status: 'terminee', result: 'Contrôle chaque lundi des formations terminées ; délai moyen d’envoi ramené de 19 à 3 jours sur le dernier mois.',
  }));
  await status.execute(new ChangeComplaintStatus(actors.admin, late, 'close'));

  // Inès's video that does not load on her phone.
  clock.daysAgo(16);
  const video = await idOf(
    (await file.execute(new FileComplaint(actors.ines, {
      category: 'technique', courseId: courses.pivotTables, visitor: { name: null, email: null, phone: null }, honeypot: undefined, requestKey: randomUUID(), address: 'demo',
      message: 'Les vidéos du chapitre 2 ne se chargent pas sur mon téléphone (Android, en 4G) : l’image reste figée puis un message d’erreur s’affiche. Sur l’ordinateur de la médiathèque tout fonctionne, mais je n’y ai accès que le samedi.',
    }))).reference,
  );
  clock.daysAgo(15);
  await answer.execute(new AnswerComplaint(actors.admin, video,
    'Bonjour Inès, merci pour votre signalement précis. Les vidéos de ce chapitre sont en haute définition et trop lourdes pour une connexion mobile. En attendant une version plus légère, le support PDF du chapitre reprend toutes les manipulations, pas à pas.',
    randomUUID()));
  await action.execute(new RecordComplaintAction(actors.admin, video, 'Support PDF signalé à l’apprenante ; demande d’une version basse définition des vidéos au formateur.'));
  const lowRes = await improve.execute(new OpenImprovementAction(actors.admin, {
    source: 'reclamation', description: 'Proposer une version basse définition (360p) de chaque vidéo de cours, choisie automatiquement sur connexion mobile.',
    owner: 'Référent numérique', dueOn: isoDay(30),
  }, video));
  await update.execute(new UpdateImprovementAction(actors.admin, lowRes, { status: 'en_cours' }));
  await status.execute(new ChangeComplaintStatus(actors.admin, video, 'traitee'));

  // Léa's trainer slow to answer.
  clock.daysAgo(6);
  const slow = await idOf(
    (await file.execute(new FileComplaint(actors.lea, {
      category: 'formateur', courseId: courses.templates, visitor: { name: null, email: null, phone: null }, honeypot: undefined, requestKey: randomUUID(), address: 'demo',
      message: 'J’ai posé deux questions à ma formatrice par la messagerie il y a plus d’une semaine et je n’ai pas eu de réponse. Le centre annonce une réponse sous 48 heures.',
    }))).reference,
  );
  clock.daysAgo(5);
  await answer.execute(new AnswerComplaint(actors.admin, slow,
    'Bonjour Léa, votre formatrice était absente la semaine dernière et ses messages n’ont pas été redirigés. Elle vous répond aujourd’hui ; nous mettons en place un remplacement pour les absences.',
    randomUUID()));

  // A visitor's question about CPF funding, just received.
  clock.daysAgo(1);
  await file.execute(new FileComplaint(null, visitorInput(
    { name: 'Karim Benali', email: 'karim.benali@exemple.fr', phone: null }, 'administratif', null,
    'Je souhaitais m’inscrire avec mon CPF mais la page de la formation n’indique pas si elle est éligible ni le reste à charge. J’ai appelé deux fois sans réussir à joindre quelqu’un.',
  )));

  // The log's other sources: the cold survey and the internal audit.
  clock.daysAgo(30);
  const survey = await improve.execute(new OpenImprovementAction(actors.admin, {
    source: 'enquete', description: 'Raccourcir le questionnaire à froid (18 questions) : taux de réponse de 22 % à trois mois.',
    owner: 'Chargée qualité', dueOn: isoDay(-5),
  }, null));
  clock.daysAgo(4);
  await update.execute(new UpdateImprovementAction(actors.admin, survey, { status: 'terminee', result: 'Questionnaire ramené à 8 questions ; 41 % de réponses sur la première vague.' }));
  clock.daysAgo(10);
  await improve.execute(new OpenImprovementAction(actors.admin, {
    source: 'audit', description: 'Audit interne : publier le nom et le contact du référent handicap sur chaque fiche programme.',
    owner: 'Directrice', dueOn: isoDay(45),
  }, null));
}

/** The day `days` from today (YYYY-MM-DD, UTC). */
function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
