import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { InvalidCourseError } from './catalogue.errors.js';
import { slugify } from './search-text.js';

@Entity({ tableName: 'category', schema: 'catalogue' })
export class Category {
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

  constructor(title: string, description: string, now: Date) {
    if (!title.trim()) throw new InvalidCourseError('Le titre de la catégorie est obligatoire.', 'title');
    this.title = title.trim();
    this.slug = slugify(this.title);
    this.description = description.trim();
    this.createdAt = now;
  }
}
