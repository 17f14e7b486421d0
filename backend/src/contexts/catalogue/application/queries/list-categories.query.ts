import { ApiProperty } from '@nestjs/swagger';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';

export class CategoryView {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() description!: string;
  @ApiProperty() total_courses!: number;
}

/** Categories with their number of courses, by title. */
export class ListCategories extends Query<CategoryView[]> {}

@QueryHandler(ListCategories)
export class ListCategoriesHandler implements IQueryHandler<ListCategories> {
  constructor(private readonly db: Database) {}

  execute(): Promise<CategoryView[]> {
    return this.db.query(
      `select c.id, c.title, c.slug, c.description, coalesce(s.total_courses, 0)::int as total_courses
         from catalogue.category c left join catalogue.category_stats s on s.category_id = c.id
        order by c.title`,
    );
  }
}
