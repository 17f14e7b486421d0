import type { PromiseChanges } from '../course-promises.js';
import type { ProgrammeChanges } from '../course-programme.js';

/** A complete programme sheet (every mandatory item of docs/adr/0047), for the tests that publish a course. */
export const COMPLETE_PROMISES: PromiseChanges = {
  objectives: 'Construire un tableau croisé dynamique\nFiltrer une analyse avec des segments',
  plannedMinutes: 7 * 60,
};

export const COMPLETE_PROGRAMME: ProgrammeChanges = {
  targetPublic: 'Assistants, gestionnaires et managers qui analysent des données dans Excel.',
  prerequisites: 'Savoir saisir des formules simples dans Excel.',
  accessDelays: 'Entrée en formation sous 14 jours après l’accord de financement.',
  modality: 'distance',
  teachingMethods: 'Vidéos, exercices guidés sur fichiers fournis, classe virtuelle.',
  evaluationMethods: 'Quiz de positionnement, exercices notés, évaluation finale.',
  accessibility: 'Formation accessible aux personnes en situation de handicap : contactez notre référent pour étudier les adaptations.',
  referentName: 'Sophie Marchand',
  referentEmail: 'referent.handicap@centre-exemple.fr',
  referentPhone: '01 23 45 67 89',
  contacts: 'Inscriptions : contact@centre-exemple.fr, 01 23 45 67 80',
  priceCents: 69000,
};

/** The same, as the body of PUT /course/{id}/programme/ (objectives and planned duration included). */
export const COMPLETE_PROGRAMME_FORM = {
  objectives: COMPLETE_PROMISES.objectives,
  planned_minutes: COMPLETE_PROMISES.plannedMinutes,
  target_public: COMPLETE_PROGRAMME.targetPublic,
  prerequisites: COMPLETE_PROGRAMME.prerequisites,
  access_delays: COMPLETE_PROGRAMME.accessDelays,
  modality: COMPLETE_PROGRAMME.modality,
  teaching_methods: COMPLETE_PROGRAMME.teachingMethods,
  evaluation_methods: COMPLETE_PROGRAMME.evaluationMethods,
  accessibility: COMPLETE_PROGRAMME.accessibility,
  referent_name: COMPLETE_PROGRAMME.referentName,
  referent_email: COMPLETE_PROGRAMME.referentEmail,
  referent_phone: COMPLETE_PROGRAMME.referentPhone,
  contacts: COMPLETE_PROGRAMME.contacts,
  price_cents: COMPLETE_PROGRAMME.priceCents,
};
