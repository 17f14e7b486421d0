import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';

export interface StoredDocumentRef {
  materialId: number;
  fileName: string;
}

/** A course document by its stored public path: its id and the file name it is downloaded under; null for no such document. */
export class GetDocumentName extends Query<StoredDocumentRef | null> {
  constructor(readonly publicPath: string) {
    super();
  }
}

@QueryHandler(GetDocumentName)
export class GetDocumentNameHandler implements IQueryHandler<GetDocumentName> {
  constructor(private readonly db: Database) {}

  async execute({ publicPath }: GetDocumentName): Promise<StoredDocumentRef | null> {
    const row = await this.db.one<{ id: number; file_name: string }>('select id, file_name from catalogue.study_material where file_path = $1', [publicPath]);
    return row ? { materialId: row.id, fileName: row.file_name } : null;
  }
}
