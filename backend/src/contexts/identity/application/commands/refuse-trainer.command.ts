import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { TeacherNotFoundError } from '../../domain/identity.errors.js';
import { TeacherProfile } from '../../domain/profiles.js';
import { EMAIL_ERROR, trainerRefusedMail } from '../admin-mails.js';
import type { TrainerDecisionOutcome } from './accept-trainer.command.js';

/** An admin refuses a trainer who registered, with the reason they are told by e-mail and at sign-in (docs/adr/0030). */
export class RefuseTrainer extends Command<TrainerDecisionOutcome> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly reason: unknown,
  ) {
    super();
  }
}

@CommandHandler(RefuseTrainer)
export class RefuseTrainerHandler implements ICommandHandler<RefuseTrainer> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
    private readonly mail: MailService,
  ) {}

  async execute({ actor, teacherId, reason }: RefuseTrainer): Promise<TrainerDecisionOutcome> {
    assertAdmin(actor);
    const { email, name, text, decided } = await this.store.transaction(
      async (uow) => {
        const teacher = await uow.load(TeacherProfile, { id: teacherId }, () => new TeacherNotFoundError(), { populate: ['account'] });
        const decided = teacher.refuse(reason, this.clock.now());
        return { email: teacher.account.email, name: teacher.fullName, text: teacher.refusalReason ?? '', decided };
      },
      { actor },
    );
    // Already refused for this reason (a retry): the trainer was told with the first decision.
    if (!decided) return { emailSent: false, emailError: null };
    const sent = await this.mail.sendSafely(trainerRefusedMail(email, name, text));
    return { emailSent: sent, emailError: sent ? null : EMAIL_ERROR };
  }
}
