import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Policy, RecordedEvent } from '../../../../platform/event-log/index.js';
import type { MessageSent } from '../../contracts/tutoring.events.js';
import { NotifyRecipient } from '../commands/notify-recipient.command.js';

type MessageSentFact = RecordedEvent<MessageSent['type'], MessageSent['payload']>;

/** A message arrived: tell its recipient by e-mail when they are not in the conversation (after the commit, never blocking the sender). */
@Injectable()
export class MessageNotificationPolicy implements Policy<MessageSentFact> {
  readonly name = 'tutoring.message-notification';
  readonly handles = ['MessageSent'] as const;

  constructor(private readonly commands: CommandBus) {}

  async handle(event: MessageSentFact): Promise<void> {
    await this.commands.execute(new NotifyRecipient(event.payload.conversationId, event.payload.messageId));
  }
}
