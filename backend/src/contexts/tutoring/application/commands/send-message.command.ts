import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, ForbiddenError, type Actor } from '../../../../shared-kernel/index.js';
import type { Side } from '../../contracts/tutoring.events.js';
import { Conversation } from '../../domain/conversation.aggregate.js';
import { assertPairOpen, CLOSED_FOR_MESSAGES, conversationWriters, follows, sideOf } from '../tutoring-access.js';

export const NOT_IN_YOUR_NAME = "Vous ne pouvez envoyer un message qu'en votre nom.";

/** The spec's msg_from: 'student' from the student, 'formateur' (or 'teacher') from the trainer; absent: the caller's side. */
export function senderSide(actor: Actor, teacherId: number, studentId: number, msgFrom: string | undefined): Side {
  const side = sideOf(actor, teacherId, studentId);
  const claimed = msgFrom === undefined ? side : msgFrom === 'student' ? 'student' : msgFrom === 'formateur' || msgFrom === 'teacher' ? 'teacher' : null;
  if (claimed !== side) throw new ForbiddenError(NOT_IN_YOUR_NAME);
  return side;
}

/** One message between a trainer and a student they follow, from either, in their own name. */
export class SendMessage extends Command<{ id: number }> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly studentId: number,
    readonly msgFrom: string | undefined,
    readonly text: string,
  ) {
    super();
  }
}

@CommandHandler(SendMessage)
export class SendMessageHandler implements ICommandHandler<SendMessage> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, teacherId, studentId, msgFrom, text }: SendMessage): Promise<{ id: number }> {
    const from = senderSide(actor, teacherId, studentId, msgFrom);
    // A closed account receives no message any more (ADR 0015, issue 22).
    await assertPairOpen(this.queries, teacherId, studentId, CLOSED_FOR_MESSAGES);
    const following = await follows(this.db, teacherId, studentId);
    return this.store.transaction(async (uow) => {
      const conversation = (await uow.find(Conversation, { teacherId, studentId })) ?? uow.add(new Conversation(teacherId, studentId));
      const message = conversation.send(from, text, this.clock.now(), following);
      return () => ({ id: Number(message.id) });
    }, conversationWriters(teacherId, [studentId]));
  }
}
