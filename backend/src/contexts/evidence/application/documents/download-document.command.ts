import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { NotFoundError, type Actor } from '../../../../shared-kernel/index.js';
import { IssuedDocument } from '../../domain/issued-document.aggregate.js';
import { assertMayRead } from './document-access.js';

export interface DownloadedDocument {
  filename: string;
  contentType: 'application/pdf';
  bytes: Buffer;
  sha256: string;
}

export class DocumentNotFoundError extends NotFoundError {
  constructor() {
    super('Document introuvable.');
  }
}

/**
 * Downloads an issued document (as issued, or once replaced the rendering that says so) and
 * records who did (`DocumentDownloaded`): a command, since a download is evidence (issue 26 item 8).
 */
export class DownloadIssuedDocument extends Command<DownloadedDocument> {
  constructor(
    readonly actor: Actor,
    readonly documentId: number,
  ) {
    super();
  }
}

@CommandHandler(DownloadIssuedDocument)
export class DownloadIssuedDocumentHandler implements ICommandHandler<DownloadIssuedDocument> {
  constructor(
    private readonly store: AggregateStore,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, documentId }: DownloadIssuedDocument): Promise<DownloadedDocument> {
    if (!Number.isSafeInteger(documentId) || documentId <= 0) throw new DocumentNotFoundError();
    return this.store.transaction(
      async (uow) => {
        const document = await uow.load(IssuedDocument, { id: documentId }, () => new DocumentNotFoundError(), { populate: ['pdf', 'replacedPdf'] as never });
        // A reader who may not see it learns nothing of its existence.
        await assertMayRead(this.queries, actor, document.studentId, document.courseId).catch(() => {
          throw new DocumentNotFoundError();
        });
        document.downloaded({ role: actor.role, profileId: actor.profileId });
        const bytes = document.currentPdf;
        const kind = document.kind === 'certificat_realisation' ? 'certificat-de-realisation' : 'attestation-de-fin-de-formation';
        return {
          filename: `${kind}-v${document.documentVersion}-${document.verificationCode}${document.status === 'remplace' ? '-remplace' : ''}.pdf`,
          contentType: 'application/pdf' as const,
          bytes,
          sha256: document.replacedPdfSha256 ?? document.pdfSha256,
        };
      },
      { actor },
    );
  }
}
