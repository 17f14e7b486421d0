import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { PageNotFoundError } from '../../domain/catalogue.errors.js';
import { PageLink } from './list-pages.query.js';

export class PageView extends PageLink {
  @ApiProperty({ description: 'HTML assaini à l’écriture' }) content!: string;
}

/** A CMS page, or PageNotFoundError (404). */
export class GetPage extends Query<PageView> {
  constructor(readonly pageId: number) {
    super();
  }
}

@QueryHandler(GetPage)
export class GetPageHandler implements IQueryHandler<GetPage> {
  constructor(private readonly db: Database) {}

  async execute({ pageId }: GetPage): Promise<PageView> {
    const page = await this.db.one<PageView>('select id, title, slug, content from catalogue.page where id = $1', [pageId]);
    if (!page) throw new PageNotFoundError();
    return page;
  }
}
