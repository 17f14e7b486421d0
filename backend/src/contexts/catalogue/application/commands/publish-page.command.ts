import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { CmsPage } from '../../domain/cms-page.aggregate.js';

/** Publishes a CMS page (its HTML sanitised before it is stored); returns its id. */
export class PublishPage extends Command<number> {
  constructor(
    readonly title: string,
    readonly html: string,
    readonly slug?: string,
  ) {
    super();
  }
}

@CommandHandler(PublishPage)
export class PublishPageHandler implements ICommandHandler<PublishPage> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  execute({ title, html, slug }: PublishPage): Promise<number> {
    return this.store.transaction(async (uow) => {
      const page = uow.add(CmsPage.publish(title, html, this.clock.now(), slug));
      return () => page.id;
    });
  }
}
