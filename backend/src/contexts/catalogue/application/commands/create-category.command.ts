import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { Category } from '../../domain/category.aggregate.js';

/** Creates a category; returns its id. */
export class CreateCategory extends Command<number> {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super();
  }
}

@CommandHandler(CreateCategory)
export class CreateCategoryHandler implements ICommandHandler<CreateCategory> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  execute({ title, description }: CreateCategory): Promise<number> {
    return this.store.transaction(async (uow) => {
      const category = uow.add(Category.create(title, description, this.clock.now()));
      return () => category.id;
    });
  }
}
