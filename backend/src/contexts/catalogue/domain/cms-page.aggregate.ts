import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, type StreamRef } from '../../../shared-kernel/index.js';
import { PAGE_STREAM, type PagePublished } from '../contracts/catalogue.events.js';
import { InvalidCourseError } from './catalogue.errors.js';
import { sanitiseCmsHtml } from './html-sanitiser.js';
import { slugify } from './search-text.js';

/** A CMS page; its HTML is sanitised on write, so what is stored is safe to render. */
@Entity({ tableName: 'page', schema: 'catalogue' })
export class CmsPage extends AggregateRoot<PagePublished> {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 200 })
  title: string;

  @Property({ type: 'string', length: 160 })
  slug: string;

  @Property({ type: 'text' })
  content: string;

  @Property({ type: 'datetime', fieldName: 'created_at' })
  createdAt: Date;

  @Property({ type: 'integer' })
  version = 0;

  constructor(title: string, html: string, now: Date, slug?: string) {
    super();
    if (!title.trim()) throw new InvalidCourseError('Le titre de la page est obligatoire.', 'title');
    this.title = title.trim();
    this.slug = slugify(slug ?? this.title);
    this.content = sanitiseCmsHtml(html);
    this.createdAt = now;
  }

  static publish(title: string, html: string, now: Date, slug?: string): CmsPage {
    const page = new CmsPage(title, html, now, slug);
    page.record(() => ({ type: 'PagePublished', payload: { pageId: page.id, title: page.title, slug: page.slug } }));
    return page;
  }

  stream(): StreamRef {
    return { type: PAGE_STREAM, id: this.id };
  }
}
