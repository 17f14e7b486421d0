import { Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Policy, RecordedEvent } from '../../../../platform/event-log/index.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import type { ComplaintAnswered, ComplaintFiled } from '../../contracts/quality.events.js';
import { complaintRowById, filerOf, teacherNames, type ComplaintRow } from './complaint.queries.js';

const PARIS = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });

/** Where the complaint's e-mails go: the filer's address (a visitor's until erased, an open account's). */
async function recipient(db: Database, queries: QueryBus, complaintId: number): Promise<{ row: ComplaintRow; name: string; email: string } | null> {
  const row = await complaintRowById(db, complaintId);
  if (!row) return null;
  const filer = filerOf(row, await teacherNames(queries, [row]));
  if (!filer.email) return null;
  return { row, name: filer.name ?? '', email: filer.email };
}

/** After a complaint is filed: the acknowledgement of receipt, with its reference and date. Returns whether it went out. */
export class AcknowledgeComplaint extends Command<boolean> {
  constructor(readonly complaintId: number) {
    super();
  }
}

@CommandHandler(AcknowledgeComplaint)
export class AcknowledgeComplaintHandler implements ICommandHandler<AcknowledgeComplaint> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly mail: MailService,
  ) {}

  async execute({ complaintId }: AcknowledgeComplaint): Promise<boolean> {
    const to = await recipient(this.db, this.queries, complaintId);
    if (!to) return false;
    return this.mail.sendSafely({
      to: to.email,
      subject: `Accusé de réception de votre réclamation ${to.row.reference}`,
      text:
        `Bonjour ${to.name},\n\nNous avons bien reçu votre réclamation le ${PARIS.format(new Date(to.row.received_at))}, sous la référence ${to.row.reference}.\n` +
        'Elle est enregistrée dans notre registre des réclamations et sera traitée par l’équipe du centre ; la réponse vous sera envoyée à cette adresse.\n',
    });
  }
}

/** After an answer: the answer's text goes to the filer (a visitor has no space to read it in). */
export class SendComplaintAnswer extends Command<boolean> {
  constructor(
    readonly complaintId: number,
    readonly answerId: number,
  ) {
    super();
  }
}

@CommandHandler(SendComplaintAnswer)
export class SendComplaintAnswerHandler implements ICommandHandler<SendComplaintAnswer> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly mail: MailService,
  ) {}

  async execute({ complaintId, answerId }: SendComplaintAnswer): Promise<boolean> {
    const to = await recipient(this.db, this.queries, complaintId);
    if (!to) return false;
    const answer = await this.db.one<{ body: string }>('select body from quality.complaint_answer where id = $1 and complaint_id = $2', [answerId, complaintId]);
    if (!answer) return false;
    return this.mail.sendSafely({
      to: to.email,
      subject: `Réponse à votre réclamation ${to.row.reference}`,
      text: `Bonjour ${to.name},\n\nVoici la réponse du centre à votre réclamation ${to.row.reference} :\n\n${answer.body}\n`,
    });
  }
}

type Fact = RecordedEvent<ComplaintFiled['type'], ComplaintFiled['payload']> | RecordedEvent<ComplaintAnswered['type'], ComplaintAnswered['payload']>;

/** The complaint's e-mails, after the commit (never blocking the filing nor the answer). */
@Injectable()
export class ComplaintMailPolicy implements Policy<Fact> {
  readonly name = 'quality.complaint-mail';
  readonly handles = ['ComplaintFiled', 'ComplaintAnswered'] as const;

  constructor(private readonly commands: CommandBus) {}

  async handle(event: Fact): Promise<void> {
    if (event.type === 'ComplaintFiled') await this.commands.execute(new AcknowledgeComplaint(event.payload.complaintId));
    else await this.commands.execute(new SendComplaintAnswer(event.payload.complaintId, event.payload.answerId));
  }
}
