import { Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { Database } from '../../../../platform/database/database.js';
import type { Policy, RecordedEvent } from '../../../../platform/event-log/index.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { GetStudentSummaries, GetTeacherContacts } from '../../../identity/contracts/identity.queries.js';
import type { QuizAttemptsExhausted } from '../../contracts/assessment.events.js';

/**
 * A learner used every attempt allowed below the pass mark: e-mails the quiz's trainer, who grants
 * one more attempt or validates by hand from the « Quiz » page. Returns whether it went out.
 */
export class NotifyOutOfAttempts extends Command<boolean> {
  constructor(
    readonly quizId: number,
    readonly studentId: number,
    readonly allowed: number,
  ) {
    super();
  }
}

@CommandHandler(NotifyOutOfAttempts)
export class NotifyOutOfAttemptsHandler implements ICommandHandler<NotifyOutOfAttempts> {
  constructor(
    private readonly db: Database,
    private readonly queries: QueryBus,
    private readonly mail: MailService,
  ) {}

  async execute({ quizId, studentId, allowed }: NotifyOutOfAttempts): Promise<boolean> {
    const quiz = await this.db.one<{ title: string; teacher_id: number | null; pass_mark: number | null }>('select title, teacher_id, pass_mark from assessment.quiz where id = $1', [quizId]);
    if (!quiz || quiz.teacher_id === null) return false;
    // A closed account is answered by neither query: nobody is mailed (ADR 0015).
    const [teachers, students] = await Promise.all([
      this.queries.execute(new GetTeacherContacts([quiz.teacher_id])),
      this.queries.execute(new GetStudentSummaries([studentId])),
    ]);
    const teacher = teachers.get(quiz.teacher_id);
    const student = students.get(studentId);
    if (!teacher || !student) return false;
    const attempts = allowed === 1 ? 'sa tentative' : `ses ${allowed} tentatives`;
    return this.mail.sendSafely({
      to: teacher.email,
      subject: `Quiz « ${quiz.title} » : ${student.fullname} a épuisé ${attempts}`,
      text:
        `Bonjour ${teacher.full_name},\n\n${student.fullname} a utilisé ${attempts} au quiz « ${quiz.title} » sans atteindre le seuil de réussite` +
        `${quiz.pass_mark === null ? '' : ` (${quiz.pass_mark} %)`}.\n` +
        'Connectez-vous et ouvrez la page « Quiz » : vous pouvez lui accorder une nouvelle tentative ou valider l’étape à la main, avec une raison.\n',
    });
  }
}

type ExhaustedFact = RecordedEvent<QuizAttemptsExhausted['type'], QuizAttemptsExhausted['payload']>;

/** A learner is out of attempts: tell the trainer by e-mail (after the commit, never blocking the answer). */
@Injectable()
export class OutOfAttemptsNotificationPolicy implements Policy<ExhaustedFact> {
  readonly name = 'assessment.out-of-attempts-notification';
  readonly handles = ['QuizAttemptsExhausted'] as const;

  constructor(private readonly commands: CommandBus) {}

  async handle(event: ExhaustedFact): Promise<void> {
    await this.commands.execute(new NotifyOutOfAttempts(event.payload.quizId, event.payload.studentId, event.payload.allowed));
  }
}
