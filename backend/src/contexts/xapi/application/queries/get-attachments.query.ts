import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';

/** A stored attachment: its SHA-2 (hex), its content type and its bytes. */
export interface AttachmentView {
  sha2: string;
  content_type: string;
  content: Buffer;
}

/** The stored attachments with these SHA-2 hashes (the ones a statement page refers to); none asked, none read. */
export class GetAttachments extends Query<AttachmentView[]> {
  constructor(readonly sha2s: string[]) {
    super();
  }
}

@QueryHandler(GetAttachments)
export class GetAttachmentsHandler implements IQueryHandler<GetAttachments> {
  constructor(private readonly db: Database) {}

  async execute({ sha2s }: GetAttachments): Promise<AttachmentView[]> {
    if (sha2s.length === 0) return [];
    return this.db.query<AttachmentView>('select sha2, content_type, content from xapi.attachment where sha2 = any($1::text[])', [sha2s]);
  }
}
