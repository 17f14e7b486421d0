import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { AggregateRoot, InvalidInputError, type StreamRef } from '../../../shared-kernel/index.js';
import { INBOX_STREAM, type NotificationsEvent } from '../contracts/notifications.events.js';

export const BAD_POSITION = 'La position « up_to » doit être un entier positif ou nul.';
export const BEYOND_LATEST = 'La position « up_to » dépasse la dernière notification.';

/**
 * One account's bell (docs/adr/0046): how far its notifications were seen. The mark only moves
 * forward: a tab marking an older position than another tab already did changes nothing, so two
 * tabs never conflict and a repeated mark records no second event.
 */
@Entity({ tableName: 'inbox', schema: 'notifications' })
export class NotificationInbox extends AggregateRoot<NotificationsEvent> {
  @PrimaryKey({ type: 'integer', autoincrement: false, fieldName: 'account_id' })
  accountId: number;

  @Property({ type: 'bigint', fieldName: 'seen_up_to' })
  seenUpTo = 0;

  @Property({ type: 'datetime', fieldName: 'seen_at', nullable: true })
  seenAt: Date | null = null;

  @Property({ type: 'integer' })
  version = 0;

  constructor(accountId: number) {
    super();
    this.accountId = accountId;
  }

  stream(): StreamRef {
    return { type: INBOX_STREAM, id: this.accountId };
  }

  /**
   * Marks as seen every notification up to `upTo`. `latest` is the newest notification position the
   * server knows (its own records): a client cannot mark as seen what does not exist yet.
   */
  markSeen(upTo: number, latest: number, now: Date): void {
    if (!Number.isSafeInteger(upTo) || upTo < 0) throw new InvalidInputError(BAD_POSITION, 'up_to');
    if (upTo > latest) throw new InvalidInputError(BEYOND_LATEST, 'up_to');
    if (upTo <= Number(this.seenUpTo)) return;
    this.seenUpTo = upTo;
    this.seenAt = now;
    this.record({ type: 'NotificationsSeen', payload: { accountId: this.accountId, upTo } });
  }
}
