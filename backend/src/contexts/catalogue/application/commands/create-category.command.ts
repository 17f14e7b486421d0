import { MikroORM } from '@mikro-orm/postgresql';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { CATEGORY_STREAM, type CategoryCreated } from '../../contracts/catalogue.events.js';
import { Category } from '../../domain/category.entity.js';

export class CreateCategory {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {}
}

@CommandHandler(CreateCategory)
export class CreateCategoryHandler implements ICommandHandler<CreateCategory, number> {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventLog,
    private readonly clock: Clock,
  ) {}

  async execute({ title, description }: CreateCategory): Promise<number> {
    return this.orm.em.fork().transactional(async (em) => {
      const category = new Category(title, description, this.clock.now());
      await em.persist(category).flush();
      const event: CategoryCreated = { type: 'CategoryCreated', payload: { categoryId: category.id, title: category.title, slug: category.slug } };
      await this.events.append(em, { streamType: CATEGORY_STREAM, streamId: category.id, expectedVersion: 0, events: [event] });
      return category.id;
    });
  }
}
