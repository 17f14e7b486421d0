import { Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Policy, RecordedEvent } from '../../../../platform/event-log/index.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { GetStudentSummaries } from '../../../identity/contracts/identity.queries.js';
import type { AssignmentGraded } from '../../contracts/tutoring.events.js';

/**
 * After a grade: e-mails the learner that their homework is graded and where to read it. The
 * e-mail names the homework's title (the trainer's, not the learner's work) and no grade, feedback
 * or text of the work (docs/adr/0044). Returns whether it went out.
 */
export class NotifyHomeworkGraded extends Command<boolean> {
  constructor(readonly homeworkId: number) {
    super();
  }
}

@CommandHandler(NotifyHomeworkGraded)
export class NotifyHomeworkGradedHandler implements ICommandHandler<NotifyHomeworkGraded> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly mail: MailService,
  ) {}

  async execute({ homeworkId }: NotifyHomeworkGraded): Promise<boolean> {
    const homework = await this.db.one<{ student_id: number; title: string }>('select student_id, title from tutoring.homework where id = $1', [homeworkId]);
    if (!homework) return false;
    // A closed account is not answered by identity's summaries: it is never mailed (ADR 0015).
    const student = (await this.queries.execute(new GetStudentSummaries([homework.student_id]))).get(homework.student_id);
    if (!student) return false;
    return this.mail.sendSafely({
      to: student.email,
      subject: 'Votre devoir a été corrigé',
      text:
        `Bonjour ${student.fullname},\n\nVotre formateur a noté votre devoir « ${homework.title} ».\n` +
        'Connectez-vous et ouvrez la page « Mes devoirs » pour lire la note et l’appréciation.\n',
    });
  }
}

type GradedFact = RecordedEvent<AssignmentGraded['type'], AssignmentGraded['payload']>;

/** Homework was graded: tell the learner by e-mail (after the commit, never blocking the grade). */
@Injectable()
export class HomeworkGradedNotificationPolicy implements Policy<GradedFact> {
  readonly name = 'tutoring.homework-graded-notification';
  readonly handles = ['AssignmentGraded'] as const;

  constructor(private readonly commands: CommandBus) {}

  async handle(event: GradedFact): Promise<void> {
    await this.commands.execute(new NotifyHomeworkGraded(event.payload.assignmentId));
  }
}
