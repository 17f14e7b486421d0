import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryBus } from '@nestjs/cqrs';
import type { AggregateStore } from '../platform/aggregate-store/index.js';
import type { Database } from '../platform/database/database.js';
import { UploadedFile } from '../platform/http/uploaded-file.js';
import { SNIFF_BYTES } from '../platform/storage/file-types.js';
import { Clock, type Actor } from '../shared-kernel/index.js';
import {
  endOfParisDay, GiveHomework, GiveHomeworkHandler, GradeHomework, GradeHomeworkHandler, SubmitHomework, SubmitHomeworkHandler,
} from '../contexts/tutoring/testing.js';

/**
 * The demo's homework clock: the homework was given, handed in and graded in the days before the
 * seeding, so that due dates, late flags and grades read like a real class's (the server decides
 * them from this clock as it would from its own). Only the demo's homework commands read it.
 */
class DemoClassClock extends Clock {
  private at = Date.now();

  now(): Date {
    return new Date(this.at);
  }

  /** Sets the class's time `days` before the seeding. */
  daysAgo(days: number): void {
    this.at = Date.now() - days * 86_400_000;
  }
}

/** A day `days` before (negative: after) today, as a due date (`YYYY-MM-DD`). */
const dayFromNow = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** A file as the request body would have streamed it: written to a temporary file the handler moves into storage. */
async function uploaded(folder: string, name: string, text: string): Promise<UploadedFile> {
  const path = join(folder, `${randomUUID()}.upload`);
  const bytes = Buffer.from(text, 'utf8');
  await writeFile(path, bytes);
  return new UploadedFile({ path, size: bytes.length, filename: name, mimetype: 'text/csv', head: bytes.subarray(0, SNIFF_BYTES) });
}

/**
 * Homework handed in and graded (issue 28 item 3, docs/adr/0044), through the real handlers:
 * Léa's pivot table, handed in on time with a file, corrected after the due date (late) and graded
 * 15,5/20 by Claire; Inès's conditional formatting, handed in and waiting for Claire's grade.
 */
export async function seedDemoHomework(
  store: AggregateStore,
  db: Database,
  queries: QueryBus,
  actors: { claire: Actor; lea: Actor; ines: Actor },
): Promise<void> {
  const { claire, lea, ines } = actors;
  const clock = new DemoClassClock();
  const give = new GiveHomeworkHandler(store, db, clock, queries);
  const submit = new SubmitHomeworkHandler(store, clock);
  const grade = new GradeHomeworkHandler(store, clock);
  const folder = await mkdtemp(join(tmpdir(), 'lms-demo-homework-'));
  try {
    clock.daysAgo(10);
    const pivot = await give.execute(
      new GiveHomework(
        claire, claire.profileId, lea.profileId, 'Tableau croisé des ventes',
        'Avec le fichier ventes-2026.csv des documents du cours, construisez un tableau croisé des ventes par mois et par région.',
        endOfParisDay(dayFromNow(4)),
      ),
    );
    clock.daysAgo(5);
    await submit.execute(
      new SubmitHomework(lea, pivot, 'Voici mon tableau croisé : les ventes sont regroupées par mois en lignes et par région en colonnes, avec les totaux.', [
        await uploaded(folder, 'tableau-croise-ventes.csv', 'Mois;Nord;Sud;Est;Ouest;Total\nJanvier;12400;9800;7600;11200;41000\nFévrier;13100;10200;8100;10900;42300\nMars;14800;11900;8800;12500;48000\n'),
      ], randomUUID()),
    );
    clock.daysAgo(3);
    await submit.execute(
      new SubmitHomework(lea, pivot, 'Version corrigée : j’ai ajouté le filtre par commercial et la mise en forme des totaux.', [
        await uploaded(folder, 'tableau-croise-ventes-v2.csv', 'Mois;Commercial;Nord;Sud;Est;Ouest;Total\nJanvier;Tous;12400;9800;7600;11200;41000\nFévrier;Tous;13100;10200;8100;10900;42300\nMars;Tous;14800;11900;8800;12500;48000\n'),
      ], randomUUID()),
    );
    clock.daysAgo(2);
    await grade.execute(new GradeHomework(claire, pivot, 15.5, 'Tableau juste et lisible. Pensez à grouper les dates par trimestre pour la synthèse, et à rendre à temps la prochaine fois.'));

    clock.daysAgo(6);
    const formatting = await give.execute(
      new GiveHomework(
        claire, claire.profileId, ines.profileId, 'Mise en forme conditionnelle',
        'Mettez en évidence les factures en retard de plus de 30 jours dans votre tableau de suivi.',
        endOfParisDay(dayFromNow(-3)),
      ),
    );
    clock.daysAgo(1);
    await submit.execute(
      new SubmitHomework(ines, formatting, 'J’ai utilisé une règle « =AUJOURDHUI()-C2>30 » sur la colonne des échéances, avec un remplissage rouge clair.', [], randomUUID()),
    );

  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
