import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { Conversation } from '../../domain/conversation.aggregate.js';
import { conversationWriters, sideOf } from '../tutoring-access.js';

/** The caller has read the conversation: everything the other side sent so far counts as read. */
export class MarkMessagesRead extends Command<boolean> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly studentId: number,
  ) {
    super();
  }
}

@CommandHandler(MarkMessagesRead)
export class MarkMessagesReadHandler implements ICommandHandler<MarkMessagesRead> {
  constructor(private readonly store: AggregateStore) {}

  async execute({ actor, teacherId, studentId }: MarkMessagesRead): Promise<boolean> {
    const reader = sideOf(actor, teacherId, studentId);
    return this.store.transaction(async (uow) => {
      const conversation = await uow.find(Conversation, { teacherId, studentId });
      if (!conversation) return false;
      const [row] = await uow.em.execute<{ last: string | null }[]>(
        'select max(id) as last from tutoring.message where conversation_id = ? and sender <> ?',
        [conversation.id, reader],
      );
      return conversation.markRead(reader, Number(row?.last ?? 0));
    }, conversationWriters(teacherId, [studentId]));
  }
}
