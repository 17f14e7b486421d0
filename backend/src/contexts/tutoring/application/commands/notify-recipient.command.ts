import { Command, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { conversationWriters } from '../tutoring-access.js';
import { Database } from '../../../../platform/database/database.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { GetStudentSummaries, GetTeacherContacts } from '../../../identity/contracts/identity.queries.js';
import { NotFoundError } from '../../../../shared-kernel/index.js';
import type { Side } from '../../contracts/tutoring.events.js';
import { Conversation } from '../../domain/conversation.aggregate.js';
import { ConversationPresence } from '../presence.js';

/**
 * After a message (the notification policy): e-mails its recipient unless they have the
 * conversation open, and at most once until they read it. The e-mail names the sender, not the
 * text. Returns whether an e-mail went out.
 */
export class NotifyRecipient extends Command<boolean> {
  constructor(
    readonly conversationId: number,
    readonly messageId: number,
  ) {
    super();
  }
}

@CommandHandler(NotifyRecipient)
export class NotifyRecipientHandler implements ICommandHandler<NotifyRecipient> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly mail: MailService,
    private readonly presence: ConversationPresence,
  ) {}

  async execute({ conversationId, messageId }: NotifyRecipient): Promise<boolean> {
    const message = await this.db.one<{ sender: Side; teacher_id: number; student_id: number }>(
      `select m.sender, c.teacher_id, c.student_id from tutoring.message m join tutoring.conversation c on c.id = m.conversation_id
        where m.id = $1 and c.id = $2`,
      [messageId, conversationId],
    );
    if (!message) return false;
    const recipient: Side = message.sender === 'student' ? 'teacher' : 'student';
    if (await this.presence.isActive(message.teacher_id, message.student_id, recipient)) return false;
    const due = await this.store.transaction(async (uow) => (await uow.find(Conversation, { id: conversationId }))?.needsNotice(recipient, messageId) ?? false);
    if (!due) return false;
    const [teachers, students] = await Promise.all([
      this.queries.execute(new GetTeacherContacts([message.teacher_id])),
      this.queries.execute(new GetStudentSummaries([message.student_id])),
    ]);
    const teacher = teachers.get(message.teacher_id);
    const student = students.get(message.student_id);
    // A closed account is not answered (identity's summaries are of open accounts): it is never mailed (ADR 0015, issue 22).
    if (!teacher || !student) return false;
    const [to, name, sender, where] =
      recipient === 'student'
        ? [student.email, student.fullname, teacher.full_name, 'Mes formateurs']
        : [teacher.email, teacher.full_name, student.fullname, 'Mes étudiants'];
    // Sent before it is recorded, outside the transaction (a retried transaction must not send twice).
    const sent = await this.mail.sendSafely({
      to,
      subject: `Nouveau message de ${sender}`,
      text:
        `Bonjour ${name},\n\n${sender} vous a écrit sur la plateforme de formation.\n` +
        `Connectez-vous et ouvrez « ${where} » pour lire son message et y répondre.\n\n` +
        `Vous ne recevrez pas d'autre e-mail pour cette conversation avant d'avoir lu ce message.\n`,
    });
    if (!sent) return false;
    await this.store.transaction(async (uow) => {
      (await uow.load(Conversation, { id: conversationId }, () => new NotFoundError('Conversation introuvable.'))).notified(recipient, messageId);
    }, conversationWriters(message.teacher_id, [message.student_id]));
    return true;
  }
}
