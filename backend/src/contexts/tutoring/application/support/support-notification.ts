import { Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Policy, RecordedEvent } from '../../../../platform/event-log/index.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { GetStudentSummaries } from '../../../identity/contracts/identity.queries.js';
import type { SupportRequestAnswered } from '../../contracts/tutoring.events.js';

/**
 * After an answer to a support request: e-mails the learner that an answer awaits them on the
 * « Assistance » page. The e-mail names no text (like message notices). Returns whether it went out.
 */
export class NotifySupportAnswer extends Command<boolean> {
  constructor(readonly requestId: number) {
    super();
  }
}

@CommandHandler(NotifySupportAnswer)
export class NotifySupportAnswerHandler implements ICommandHandler<NotifySupportAnswer> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly mail: MailService,
  ) {}

  async execute({ requestId }: NotifySupportAnswer): Promise<boolean> {
    const request = await this.db.one<{ student_id: number; status: string }>('select student_id, status from tutoring.support_request where id = $1', [requestId]);
    if (!request) return false;
    // A closed account is not answered by identity's summaries: it is never mailed (ADR 0015).
    const student = (await this.queries.execute(new GetStudentSummaries([request.student_id]))).get(request.student_id);
    if (!student) return false;
    return this.mail.sendSafely({
      to: student.email,
      subject: `Réponse à votre demande d’assistance technique n° ${requestId}`,
      text:
        `Bonjour ${student.fullname},\n\nL’équipe de la plateforme a répondu à votre demande d’assistance technique n° ${requestId}.\n` +
        'Connectez-vous et ouvrez la page « Assistance » pour lire la réponse.\n',
    });
  }
}

type AnsweredFact = RecordedEvent<SupportRequestAnswered['type'], SupportRequestAnswered['payload']>;

/** A support request was answered: tell the learner by e-mail (after the commit, never blocking the answer). */
@Injectable()
export class SupportAnswerNotificationPolicy implements Policy<AnsweredFact> {
  readonly name = 'tutoring.support-answer-notification';
  readonly handles = ['SupportRequestAnswered'] as const;

  constructor(private readonly commands: CommandBus) {}

  async handle(event: AnsweredFact): Promise<void> {
    await this.commands.execute(new NotifySupportAnswer(event.payload.requestId));
  }
}
