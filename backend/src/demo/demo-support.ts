import { randomUUID } from 'node:crypto';
import type { QueryBus } from '@nestjs/cqrs';
import type { AggregateStore } from '../platform/aggregate-store/index.js';
import type { Database } from '../platform/database/database.js';
import { Clock, type Actor } from '../shared-kernel/index.js';
import {
  AnswerSupportRequest, AnswerSupportRequestHandler, OpenSupportRequest, OpenSupportRequestHandler, ResolveSupportRequest, ResolveSupportRequestHandler,
} from '../contexts/tutoring/testing.js';

/**
 * The demo's support desk clock: the requests were opened and handled in the hours before the
 * seeding, so that their response delays read like a real desk's (the server computes them from
 * this clock as it would from its own). Only the demo's support commands read it.
 */
class DemoDeskClock extends Clock {
  private at = Date.now();

  now(): Date {
    return new Date(this.at);
  }

  /** Sets the desk's time `hours` before the seeding. */
  hoursAgo(hours: number): void {
    this.at = Date.now() - hours * 3600_000;
  }
}

/**
 * Technical-support requests of the demo (issue 26 item 5, docs/adr/0037), through the real
 * handlers: Léa's video that stayed black in the templates course, answered by its trainer Claire
 * and resolved by the admin; Inès's SCORM module that did not save, answered by the admin and
 * waiting for her; Léa's connection trouble without a course, still open.
 */
export async function seedDemoSupport(
  store: AggregateStore,
  db: Database,
  queries: QueryBus,
  actors: { admin: Actor; claire: Actor; lea: Actor; ines: Actor },
  courses: { templates: number; pivotTables: number },
): Promise<void> {
  const clock = new DemoDeskClock();
  const open = new OpenSupportRequestHandler(store, db, clock, queries);
  const answer = new AnswerSupportRequestHandler(store, db, clock, queries);
  const resolve = new ResolveSupportRequestHandler(store, db, clock);

  clock.hoursAgo(26);
  const video = await open.execute(
    new OpenSupportRequest(actors.lea, {
      category: 'video', courseId: courses.templates, stepKind: null, stepId: null, requestKey: randomUUID(),
      message: 'Bonjour, la vidéo du deuxième chapitre reste noire : le son passe mais il n’y a pas d’image. J’utilise Firefox sur un ordinateur du travail.',
    }),
  );
  clock.hoursAgo(23.5);
  await answer.execute(
    new AnswerSupportRequest(
      actors.claire, video,
      'Bonjour Léa, le réseau de votre entreprise bloque sans doute la lecture accélérée : dans Firefox, désactivez « Utiliser l’accélération graphique » (Paramètres > Général > Performances), puis rechargez la page.',
      randomUUID(),
    ),
  );
  clock.hoursAgo(22);
  await resolve.execute(new ResolveSupportRequest(actors.admin, video));

  clock.hoursAgo(8);
  const scorm = await open.execute(
    new OpenSupportRequest(actors.ines, {
      category: 'scorm', courseId: courses.pivotTables, stepKind: null, stepId: null, requestKey: randomUUID(),
      message: 'Le module interactif ne garde pas ma progression : quand je le rouvre, il repart de la première page.',
    }),
  );
  clock.hoursAgo(6.25);
  await answer.execute(
    new AnswerSupportRequest(
      actors.admin, scorm,
      'Bonjour Inès, quittez le module par son bouton « Quitter » plutôt qu’en fermant l’onglet : la plateforme enregistre alors votre position. Dites-nous si le problème persiste.',
      randomUUID(),
    ),
  );

  clock.hoursAgo(1);
  await open.execute(
    new OpenSupportRequest(actors.lea, {
      category: 'connexion', courseId: null, stepKind: null, stepId: null, requestKey: randomUUID(),
      message: 'Je suis souvent déconnectée au bout de quelques minutes quand je change d’onglet.',
    }),
  );
}
