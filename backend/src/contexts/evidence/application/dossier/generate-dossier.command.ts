import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { EventStreamReader } from '../../../../platform/event-log/index.js';
import { LedgerService } from '../../../../platform/ledger/index.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { GeneratedDossier } from '../../domain/generated-dossier.aggregate.js';
import { GetTranscript } from '../get-transcript.query.js';
import { assertMayHandleDossiers } from './dossier-access.js';
import { writeZip } from './dossier-zip.js';
import { writeLearnerPart } from './learner-part.js';
import { toDossierView, type DossierView } from './dossier.views.js';

export const DOSSIER_FOLDER = 'dossiers';

/**
 * Generates one learner's dossier de preuves for a course, synchronously (docs/adr/0036: a second
 * or two for 10,000 beats; a batch goes to the job queue): the files written to a temporary folder,
 * the ZIP streamed into the storage (staged and booked, docs/adr/0060), then the row and `DossierGenerated` in one transaction.
 */
export class GenerateLearnerDossier extends Command<DossierView> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@CommandHandler(GenerateLearnerDossier)
export class GenerateLearnerDossierHandler implements ICommandHandler<GenerateLearnerDossier> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly db: Database,
    private readonly streams: EventStreamReader,
    private readonly clock: Clock,
    private readonly ledger: LedgerService,
  ) {}

  async execute({ actor, studentId, courseId }: GenerateLearnerDossier): Promise<DossierView> {
    const role = await assertMayHandleDossiers(this.queries, actor, courseId);
    // The transcript checks the reader again and that the learner has a record in the course (French 404 otherwise).
    const view = await this.queries.execute(new GetTranscript(actor, studentId, courseId));
    const now = this.clock.now();
    const by = { role, profileId: actor.profileId };
    // A checkpoint written now (or the last one when nothing is new): the manifest's proofs lead to it (issue 27 item 3).
    const ledger = await this.ledger.treeForDossier();
    const dir = await mkdtemp(join(tmpdir(), 'dossier-'));
    try {
      const part = await writeLearnerPart({ db: this.db, queries: this.queries, streams: this.streams }, { view, studentId, courseId, dir, prefix: '', generatedAt: now, generatedBy: by, ledger });
      const zipPath = join(dir, 'dossier.zip');
      const zip = await writeZip(zipPath, [part], now);
      // Stored before the transaction and booked (docs/adr/0060): removed if the row is not saved, swept if the node dies first.
      const staged = await this.store.stage((read) => read.uploads.putFile(DOSSIER_FOLDER, 'zip', zipPath));
      const dossier = await this.store.transaction(
        async (uow) => {
          const created = uow.add(new GeneratedDossier({
            scope: 'apprenant', studentId, courseId, studentIds: [studentId], filePath: uow.uploads.keep(staged),
            zipSha256: zip.sha256, manifestSha256: part.manifest.sha256, sizeBytes: zip.bytes, now, by, jobId: null,
          }));
          return () => created;
        },
        { actor, retryOnConflict: 0, staged },
      );
      return toDossierView(dossier);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
