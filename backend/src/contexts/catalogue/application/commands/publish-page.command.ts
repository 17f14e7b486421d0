import { MikroORM } from '@mikro-orm/postgresql';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { PAGE_STREAM, type PagePublished } from '../../contracts/catalogue.events.js';
import { CmsPage } from '../../domain/cms-page.entity.js';

/** Publishes a CMS page; its HTML is sanitised before it is stored. */
export class PublishPage {
  constructor(
    readonly title: string,
    readonly html: string,
    readonly slug?: string,
  ) {}
}

@CommandHandler(PublishPage)
export class PublishPageHandler implements ICommandHandler<PublishPage, number> {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventLog,
    private readonly clock: Clock,
  ) {}

  async execute({ title, html, slug }: PublishPage): Promise<number> {
    return this.orm.em.fork().transactional(async (em) => {
      const page = new CmsPage(title, html, this.clock.now(), slug);
      await em.persist(page).flush();
      const event: PagePublished = { type: 'PagePublished', payload: { pageId: page.id, title: page.title, slug: page.slug } };
      await this.events.append(em, { streamType: PAGE_STREAM, streamId: page.id, expectedVersion: 0, events: [event] });
      return page.id;
    });
  }
}
