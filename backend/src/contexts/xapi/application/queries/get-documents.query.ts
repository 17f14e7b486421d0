import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { checkDocumentAccess, type DocumentAddress } from '../../domain/document-address.js';
import { XapiHome, type XapiPrincipal } from '../../domain/principal.js';
import { XapiError } from '../../domain/xapi.errors.js';

export interface StoredDocument {
  content: Buffer;
  contentType: string;
  etag: string;
  updated: Date;
}

/** GET of a document resource: one document (404 if none), or the ids of the documents (updated since `since`). */
export class GetDocuments extends Query<StoredDocument | string[]> {
  constructor(
    readonly principal: XapiPrincipal,
    readonly address: DocumentAddress,
  ) {
    super();
  }
}

@QueryHandler(GetDocuments)
export class GetDocumentsHandler implements IQueryHandler<GetDocuments> {
  constructor(
    private readonly db: Database,
    private readonly home: XapiHome,
  ) {}

  async execute({ principal, address: a }: GetDocuments): Promise<StoredDocument | string[]> {
    checkDocumentAccess(principal, a, false, this.home);
    const where = `kind = $1 and activity_id = $2 and agent_key = $3 and registration = $4`;
    const params = [a.kind, a.activityId, a.agentKey, a.registration];
    if (!a.documentId) {
      const rows = await this.db.query<{ document_id: string }>(
        `select document_id from xapi.document where ${where} and ($5::timestamptz is null or updated > $5::timestamptz) order by document_id`,
        [...params, a.since ?? null],
      );
      return rows.map((r) => r.document_id);
    }
    const row = await this.db.one<{ content: Buffer; content_type: string; etag: string; updated: Date }>(
      `select content, content_type, etag, updated from xapi.document where ${where} and document_id = $5`,
      [...params, a.documentId],
    );
    if (!row) throw new XapiError(404, 'Not found: no such document');
    return { content: row.content, contentType: row.content_type, etag: row.etag, updated: row.updated };
  }
}
