import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { TeacherNotFoundError } from '../../domain/identity.errors.js';
import { TeacherProfile } from '../../domain/profiles.js';
import { EMAIL_ERROR, trainerAcceptedMail } from '../admin-mails.js';

export interface TrainerDecisionOutcome {
  emailSent: boolean;
  emailError: string | null;
}

/** An admin accepts a trainer who registered through the public page (docs/adr/0030); the trainer is told by e-mail. */
export class AcceptTrainer extends Command<TrainerDecisionOutcome> {
  constructor(
    readonly actor: Actor | 'system',
    readonly teacherId: number,
    /** False for the test fixtures, which accept every trainer they register: nobody to tell. */
    readonly notify = true,
  ) {
    super();
  }
}

@CommandHandler(AcceptTrainer)
export class AcceptTrainerHandler implements ICommandHandler<AcceptTrainer> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
    private readonly mail: MailService,
  ) {}

  async execute({ actor, teacherId, notify }: AcceptTrainer): Promise<TrainerDecisionOutcome> {
    if (actor !== 'system') assertAdmin(actor);
    const { email, name, decided } = await this.store.transaction(
      async (uow) => {
        const teacher = await uow.load(TeacherProfile, { id: teacherId }, () => new TeacherNotFoundError(), { populate: ['account'] });
        const decided = teacher.accept(this.clock.now());
        return { email: teacher.account.email, name: teacher.fullName, decided };
      },
      actor === 'system' ? {} : { actor },
    );
    // Already accepted (a retry): the trainer was told with the first decision.
    if (!notify || !decided) return { emailSent: false, emailError: null };
    // Told after the commit: a mail failure never undoes the decision (the answer says so).
    const sent = await this.mail.sendSafely(trainerAcceptedMail(email, name));
    return { emailSent: sent, emailError: sent ? null : EMAIL_ERROR };
  }
}
