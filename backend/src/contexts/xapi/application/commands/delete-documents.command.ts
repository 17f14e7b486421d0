import { MikroORM } from '@mikro-orm/postgresql';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../../../platform/event-log/index.js';
import { DOCUMENT_STREAM, type XapiDocumentsDeleted } from '../../contracts/xapi.events.js';
import { checkDocumentAccess, type DocumentAddress } from '../../domain/document-address.js';
import { XapiHome, type XapiPrincipal } from '../../domain/principal.js';
import { addressKey, checkPreconditions, currentDocument, type Preconditions } from './write-document.command.js';

/** DELETE of one document, or (state, no stateId) of every state of the activity, agent and registration. */
export class DeleteDocuments extends Command<void> {
  constructor(
    readonly principal: XapiPrincipal,
    readonly address: DocumentAddress,
    readonly preconditions: Preconditions,
  ) {
    super();
  }
}

@CommandHandler(DeleteDocuments)
export class DeleteDocumentsHandler implements ICommandHandler<DeleteDocuments> {
  constructor(
    private readonly orm: MikroORM,
    private readonly log: EventLog,
    private readonly home: XapiHome,
  ) {}

  async execute({ principal, address, preconditions }: DeleteDocuments): Promise<void> {
    checkDocumentAccess(principal, address, true, this.home);
    await this.orm.em.fork().transactional(async (em) => {
      if (address.documentId) checkPreconditions((await currentDocument(em, address))?.etag ?? null, preconditions);
      const deleted = await em.execute<{ document_id: string }[]>(
        `delete from xapi.document where kind = ? and activity_id = ? and agent_key = ? and registration = ? and (? = '' or document_id = ?) returning document_id`,
        [address.kind, address.activityId, address.agentKey, address.registration, address.documentId, address.documentId],
      );
      if (deleted.length === 0) return;
      const key = addressKey(address);
      const event: XapiDocumentsDeleted = { type: 'XapiDocumentsDeleted', payload: { kind: address.kind, key, count: deleted.length } };
      await this.log.append(em, { streamType: DOCUMENT_STREAM, streamId: key, expectedVersion: 'any', events: [event] });
    });
  }
}
