import { MikroORM } from '@mikro-orm/postgresql';
import { Command, CommandBus, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { ForbiddenError, NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { GeneratedDossier } from '../../domain/generated-dossier.aggregate.js';
import { GetClosedProfiles } from '../../../identity/contracts/identity.queries.js';
import { AdmitAuditorAccess } from '../../../identity/contracts/identity.auditors.js';
import type { DossierActorRole } from '../../contracts/dossier.events.js';
import { assertMayHandleDossiers, DOSSIER_MESSAGES } from './dossier-access.js';

/** A trainer of the course asks for a batch: it is the admins' (it may hold closed accounts, ADR 0015). */
export const BATCH_DOWNLOAD_REFUSED = 'Les lots de dossiers de preuves sont réservés aux administrateurs : téléchargez le dossier de chaque apprenant depuis sa fiche.';

/**
 * Who may download this dossier (docs/adr/0036): an admin; the course's trainer for a learner's
 * dossier while that learner's account is open; an auditor, the learner's dossiers they generated
 * themselves, while the course is in their scope and their access lives (closed accounts included,
 * docs/adr/0039). A trainer of the course asking for a batch is refused (403); anyone else learns
 * nothing of the dossier (404).
 */
export async function assertMayDownloadDossier(queries: QueryBus, actor: Actor, dossier: GeneratedDossier): Promise<DossierActorRole> {
  if (actor.role === 'student') throw new ForbiddenError(DOSSIER_MESSAGES.learnersRefused);
  if (actor.role === 'auditor') {
    // Another auditor's dossier, an admin's or a batch: nothing to learn of it.
    if (dossier.generatedByRole !== 'auditor' || dossier.generatedBy !== actor.profileId || dossier.studentId === null) throw new NotFoundError(DOSSIER_MESSAGES.notFound);
    // Expired, revoked, or the course left the scope since: identity's French 403.
    return assertMayHandleDossiers(queries, actor, dossier.courseId);
  }
  const role = await assertMayHandleDossiers(queries, actor, dossier.courseId).catch(() => {
    throw new NotFoundError(DOSSIER_MESSAGES.notFound);
  });
  if (role === 'teacher' && dossier.studentId === null) throw new ForbiddenError(BATCH_DOWNLOAD_REFUSED);
  if (role === 'teacher' && (await queries.execute(new GetClosedProfiles('student', [dossier.studentId!]))).has(dossier.studentId!)) {
    throw new NotFoundError(DOSSIER_MESSAGES.notFound);
  }
  return role;
}

/** Checks, without recording anything, that the actor may download the dossier now (before a signed link is given). */
export class CheckDossierDownload extends Query<{ dossierId: number }> {
  constructor(
    readonly actor: Actor,
    readonly dossierId: number,
  ) {
    super();
  }
}

@QueryHandler(CheckDossierDownload)
export class CheckDossierDownloadHandler implements IQueryHandler<CheckDossierDownload> {
  constructor(
    private readonly orm: MikroORM,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, dossierId }: CheckDossierDownload): Promise<{ dossierId: number }> {
    if (actor.role === 'student') throw new ForbiddenError(DOSSIER_MESSAGES.learnersRefused);
    const dossier = await this.orm.em.fork().findOne(GeneratedDossier, { id: dossierId });
    if (!dossier) throw new NotFoundError(DOSSIER_MESSAGES.notFound);
    await assertMayDownloadDossier(this.queries, actor, dossier);
    if (dossier.filePath === null) throw new NotFoundError('Ce dossier a été supprimé à l’issue de la durée de conservation : générez-en un nouveau.');
    return { dossierId };
  }
}

export interface DossierFile {
  /** Its public path in storage (`/media/dossiers/...`). */
  path: string;
  downloadName: string;
}

/**
 * Downloads a stored dossier (docs/adr/0036): who may (an admin, the course's trainer, the auditor
 * who generated it) gets the file's place; a download that starts at the first byte records
 * `DossierDownloaded` (and, for an auditor, `AuditorAccessed` of kind `dossier` first, in their
 * stream), a resumed one (a Range past the start) records nothing new. Anyone else learns nothing.
 */
export class DownloadDossier extends Command<DossierFile> {
  constructor(
    readonly actor: Actor,
    readonly dossierId: number,
    /** Whether the answer will send the file from its first byte (serve-file's own rules): a download, not a resumption. */
    readonly startsAtFirstByte: (publicPath: string) => Promise<boolean>,
  ) {
    super();
  }
}

@CommandHandler(DownloadDossier)
export class DownloadDossierHandler implements ICommandHandler<DownloadDossier> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly orm: MikroORM,
  ) {}

  async execute({ actor, dossierId, startsAtFirstByte }: DownloadDossier): Promise<DossierFile> {
    if (actor.role === 'student') throw new ForbiddenError(DOSSIER_MESSAGES.learnersRefused);
    if (actor.role === 'auditor') await this.admitAuditor(actor, dossierId, startsAtFirstByte);
    return this.store.transaction(
      async (uow) => {
        const dossier = await uow.load(GeneratedDossier, { id: dossierId }, () => new NotFoundError(DOSSIER_MESSAGES.notFound));
        // A batch is the admins' (it may hold closed accounts); a closed account's dossier too (ADR 0015).
        const role = await assertMayDownloadDossier(this.queries, actor, dossier);
        // A file deleted by the retention: `downloaded` refuses it in French.
        if (dossier.filePath === null) dossier.downloaded({ role, profileId: actor.profileId });
        const path = dossier.filePath!;
        if (await startsAtFirstByte(path)) dossier.downloaded({ role, profileId: actor.profileId });
        return this.fileOf(dossier, path);
      },
      { actor },
    );
  }

  /**
   * An auditor's download is an access of their audit (docs/adr/0039): admitted and recorded by
   * identity (`AuditorAccessed`, kind `dossier`) before the file is served, in the auditor's own
   * stream — the same order as a document's PDF. A resumption records nothing, as for everyone.
   */
  private async admitAuditor(actor: Actor, dossierId: number, startsAtFirstByte: (publicPath: string) => Promise<boolean>): Promise<void> {
    const dossier = await this.orm.em.fork().findOne(GeneratedDossier, { id: dossierId });
    if (!dossier) throw new NotFoundError(DOSSIER_MESSAGES.notFound);
    await assertMayDownloadDossier(this.queries, actor, dossier);
    if (dossier.filePath === null || !(await startsAtFirstByte(dossier.filePath))) return;
    await this.commands.execute(new AdmitAuditorAccess(actor, 'dossier', { courseId: dossier.courseId, studentId: dossier.studentId, documentId: null }));
  }

  private fileOf(dossier: GeneratedDossier, path: string): DossierFile {
    const stamp = dossier.generatedAt.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const who = dossier.scope === 'apprenant' ? `apprenant-${dossier.studentId}` : 'lot';
    return { path, downloadName: `dossier-de-preuves-cours-${dossier.courseId}-${who}-${stamp}.zip` };
  }
}
