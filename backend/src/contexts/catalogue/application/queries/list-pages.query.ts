import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';

export class PageLink {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
}

/** The CMS pages, for the footer. */
export class ListPages extends Query<PageLink[]> {}

@QueryHandler(ListPages)
export class ListPagesHandler implements IQueryHandler<ListPages> {
  constructor(private readonly db: Database) {}

  execute(): Promise<PageLink[]> {
    return this.db.query('select id, title, slug from catalogue.page order by id');
  }
}
