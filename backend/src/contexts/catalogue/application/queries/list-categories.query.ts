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

/** Categories with their number of public courses (from the course-outline projection), by title. */
export class ListCategories extends Query<CategoryView[]> {}

@QueryHandler(ListCategories)
export class ListCategoriesHandler implements IQueryHandler<ListCategories> {
  constructor(private readonly db: Database) {}

  execute(): Promise<CategoryView[]> {
    return this.db.query(
      `select c.id, c.title, c.slug, c.description,
              (select count(*) from catalogue.course o
                where o.category_id = c.id and o.archived_at is null and o.teacher_id is not null and o.status = 'published')::int as total_courses
         from catalogue.category c
        order by c.title`,
    );
  }
}
