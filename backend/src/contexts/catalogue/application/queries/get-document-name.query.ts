import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';

/** The file name a course document is downloaded under, from its stored public path; null for no such document. */
export class GetDocumentName extends Query<string | null> {
  constructor(readonly publicPath: string) {
    super();
  }
}

@QueryHandler(GetDocumentName)
export class GetDocumentNameHandler implements IQueryHandler<GetDocumentName> {
  constructor(private readonly db: Database) {}

  async execute({ publicPath }: GetDocumentName): Promise<string | null> {
    const row = await this.db.one<{ file_name: string }>('select file_name from catalogue.study_material where file_path = $1', [publicPath]);
    return row?.file_name ?? null;
  }
}
