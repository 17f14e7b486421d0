import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import { PageNotFoundError } from '../../domain/catalogue.errors.js';

export interface CategoryView {
  id: number;
  title: string;
  slug: string;
  description: string;
  total_courses: number;
}

export class ListCategories {}

@QueryHandler(ListCategories)
export class ListCategoriesHandler implements IQueryHandler<ListCategories, CategoryView[]> {
  constructor(private readonly db: Database) {}

  execute(): Promise<CategoryView[]> {
    return this.db.query(
      `select c.id, c.title, c.slug, c.description, coalesce(s.total_courses, 0)::int as total_courses
         from catalogue.category c left join catalogue.category_stats s on s.category_id = c.id
        order by c.title`,
    );
  }
}

export class ListPages {}

@QueryHandler(ListPages)
export class ListPagesHandler implements IQueryHandler<ListPages, { id: number; title: string; slug: string }[]> {
  constructor(private readonly db: Database) {}

  execute(): Promise<{ id: number; title: string; slug: string }[]> {
    return this.db.query('select id, title, slug from catalogue.page order by id');
  }
}

export class GetPage {
  constructor(readonly pageId: number) {}
}

@QueryHandler(GetPage)
export class GetPageHandler implements IQueryHandler<GetPage, { id: number; title: string; slug: string; content: string }> {
  constructor(private readonly db: Database) {}

  async execute({ pageId }: GetPage): Promise<{ id: number; title: string; slug: string; content: string }> {
    const page = await this.db.one<{ id: number; title: string; slug: string; content: string }>(
      'select id, title, slug, content from catalogue.page where id = $1',
      [pageId],
    );
    if (!page) throw new PageNotFoundError();
    return page;
  }
}
