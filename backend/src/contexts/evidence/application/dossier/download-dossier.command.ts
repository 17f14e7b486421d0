import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { MediaStorage } from '../../../../platform/storage/media-storage.js';
import { ForbiddenError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { GeneratedDossier } from '../../domain/generated-dossier.aggregate.js';
import { GetClosedProfiles } from '../../../identity/contracts/identity.queries.js';
import { assertMayHandleDossiers, DOSSIER_MESSAGES } from './dossier-access.js';

export interface DossierFile {
  absolutePath: string;
  downloadName: string;
}

/**
 * Downloads a stored dossier (docs/adr/0036): who may (an admin, the course's trainer) gets the
 * file's place; a download that starts at the first byte records `DossierDownloaded`, a resumed one
 * (a Range past the start) records nothing new. Anyone else learns nothing of the dossier.
 */
export class DownloadDossier extends Command<DossierFile> {
  constructor(
    readonly actor: Actor,
    readonly dossierId: number,
    /** Whether the answer will send the file from its first byte (serve-file's own rules): a download, not a resumption. */
    readonly startsAtFirstByte: (absolutePath: string) => Promise<boolean>,
  ) {
    super();
  }
}

@CommandHandler(DownloadDossier)
export class DownloadDossierHandler implements ICommandHandler<DownloadDossier> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly storage: MediaStorage,
  ) {}

  async execute({ actor, dossierId, startsAtFirstByte }: DownloadDossier): Promise<DossierFile> {
    if (actor.role === 'student') throw new ForbiddenError(DOSSIER_MESSAGES.learnersRefused);
    return this.store.transaction(
      async (uow) => {
        const dossier = await uow.load(GeneratedDossier, { id: dossierId }, () => new NotFoundError(DOSSIER_MESSAGES.notFound));
        const role = await assertMayHandleDossiers(this.queries, actor, dossier.courseId).catch(() => {
          throw new NotFoundError(DOSSIER_MESSAGES.notFound);
        });
        // A batch is the admins' (it may hold closed accounts); a closed account's dossier too (ADR 0015).
        if (role === 'teacher' && (dossier.studentId === null || (await this.queries.execute(new GetClosedProfiles('student', [dossier.studentId]))).has(dossier.studentId))) {
          throw new NotFoundError(DOSSIER_MESSAGES.notFound);
        }
        // A file deleted by the retention: `downloaded` refuses it in French.
        if (dossier.filePath === null) dossier.downloaded({ role, profileId: actor.profileId });
        const absolutePath = this.storage.absolutePathOf(dossier.filePath!);
        if (await startsAtFirstByte(absolutePath)) dossier.downloaded({ role, profileId: actor.profileId });
        return this.fileOf(dossier, absolutePath);
      },
      { actor },
    );
  }

  private fileOf(dossier: GeneratedDossier, absolutePath: string): DossierFile {
    const stamp = dossier.generatedAt.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const who = dossier.scope === 'apprenant' ? `apprenant-${dossier.studentId}` : 'lot';
    return { absolutePath, downloadName: `dossier-de-preuves-cours-${dossier.courseId}-${who}-${stamp}.zip` };
  }
}
