import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../platform/aggregate-store/index.js';
import { Clock, type Actor } from '../../../shared-kernel/index.js';
import { PublicResults } from '../domain/public-results.aggregate.js';

/** An admin publishes the centre's results on the public page, or withdraws them (PUT /api/admin/indicators/public-results/). */
export class SwitchPublicResults extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly enabled: boolean,
  ) {
    super();
  }
}

@CommandHandler(SwitchPublicResults)
export class SwitchPublicResultsHandler implements ICommandHandler<SwitchPublicResults> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, enabled }: SwitchPublicResults): Promise<void> {
    await this.store.transaction(async (uow) => {
      const page = (await uow.find(PublicResults, { id: PublicResults.ID })) ?? uow.add(new PublicResults());
      page.switchTo(enabled, this.clock.now());
    }, { actor, serialize: ['indicators.public-results'] });
  }
}
