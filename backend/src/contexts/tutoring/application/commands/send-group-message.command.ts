import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Database } from '../../../../platform/database/database.js';
import { Clock, ForbiddenError, InvalidInputError, type Actor } from '../../../../shared-kernel/index.js';
import { checkMessageText, Conversation } from '../../domain/conversation.aggregate.js';
import { conversationWriters, followedStudentIds, openStudents } from '../tutoring-access.js';
import { NOT_IN_YOUR_NAME } from './send-message.command.js';

export const NOBODY_FOLLOWED = "Aucun étudiant ne vous est assigné : le message n'a été envoyé à personne.";

/**
 * A trainer writes to every student they follow at once: one message in each conversation, all
 * with the same group id, in one transaction (docs/adr/0013-tutoring-and-messages.md).
 */
export class SendGroupMessage extends Command<{ recipients: number }> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly msgFrom: string | undefined,
    readonly text: string,
  ) {
    super();
  }
}

@CommandHandler(SendGroupMessage)
export class SendGroupMessageHandler implements ICommandHandler<SendGroupMessage> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  async execute({ actor, teacherId, msgFrom, text }: SendGroupMessage): Promise<{ recipients: number }> {
    if (!(actor.role === 'teacher' && actor.profileId === teacherId)) throw new ForbiddenError("Vous n'avez pas accès à cette ressource.");
    if (msgFrom !== undefined && msgFrom !== 'formateur' && msgFrom !== 'teacher') throw new ForbiddenError(NOT_IN_YOUR_NAME);
    checkMessageText(text);
    // Closed accounts are skipped: they receive nothing any more (ADR 0015, issue 22).
    const students = await openStudents(this.queries, await followedStudentIds(this.db, teacherId));
    if (students.length === 0) throw new InvalidInputError(NOBODY_FOLLOWED, 'msg_to');
    const groupId = randomUUID();
    const now = this.clock.now();
    return this.store.transaction(async (uow) => {
      const existing = await uow.findMany(Conversation, { teacherId, studentId: { $in: students } });
      const byStudent = new Map(existing.map((c) => [c.studentId, c]));
      for (const studentId of students) {
        const conversation = byStudent.get(studentId) ?? uow.add(new Conversation(teacherId, studentId));
        conversation.send('teacher', text, now, true, groupId);
      }
      return { recipients: students.length };
    }, conversationWriters(teacherId, students));
  }
}
