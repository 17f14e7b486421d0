import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { CATEGORY_STREAM, type CategoryCreated } from '../contracts/catalogue.events.js';
import { InvalidCourseError } from './catalogue.errors.js';
import { slugify } from './search-text.js';

@Entity({ tableName: 'category', schema: 'catalogue' })
export class Category extends AggregateRoot<CategoryCreated> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 150 })
  title: string;

  @Property({ type: 'string', length: 160 })
  slug: string;

  @Property({ type: 'text' })
  description: string;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'integer' })
  version = 0;

  constructor(title: string, description: string, now: Date) {
    super();
    if (!title.trim()) throw new InvalidCourseError('Le titre de la catégorie est obligatoire.', 'title');
    this.title = title.trim();
    this.slug = slugify(this.title);
    this.description = description.trim();
    this.createdAt = now;
  }

  static create(title: string, description: string, now: Date): Category {
    const category = new Category(title, description, now);
    category.record(() => ({ type: 'CategoryCreated', payload: { categoryId: category.id, title: category.title, slug: category.slug } }));
    return category;
  }

  stream(): StreamRef {
    return { type: CATEGORY_STREAM, id: this.id };
  }
}
