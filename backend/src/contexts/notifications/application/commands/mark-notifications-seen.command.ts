import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, type Actor } from '../../../../shared-kernel/index.js';
import { NotificationInbox } from '../../domain/notification-inbox.aggregate.js';
import { latestPosition } from '../queries/notifications.queries.js';

/** The bell was opened: everything it showed, up to `upTo`, is seen (docs/adr/0046). */
export class MarkNotificationsSeen extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly upTo: number,
  ) {
    super();
  }
}

@CommandHandler(MarkNotificationsSeen)
export class MarkNotificationsSeenHandler implements ICommandHandler<MarkNotificationsSeen> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, upTo }: MarkNotificationsSeen): Promise<void> {
    // The role check (and its 403) comes first: latestPosition refuses an auditor.
    const latest = await latestPosition(this.db, actor);
    await this.store.transaction(
      async (uow) => {
        const inbox = (await uow.find(NotificationInbox, { accountId: actor.accountId })) ?? uow.add(new NotificationInbox(actor.accountId));
        inbox.markSeen(upTo, latest, this.clock.now());
      },
      { serialize: [`notifications.inbox:${actor.accountId}`] },
    );
  }
}
