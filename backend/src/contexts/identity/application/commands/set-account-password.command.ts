import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { loadProfileOfAccount } from '../account-repository.js';
import { EMAIL_ERROR, newPasswordMail } from '../admin-mails.js';
import { PasswordHasher } from '../password-hasher.js';

export interface PasswordSet {
  emailSent: boolean;
  emailError: string | null;
}

/**
 * An admin gives an account a new password (PUT /users/{id}/change_password/): every session
 * closes; with `sendEmail` the new password goes to its owner, and a failed e-mail keeps the change.
 */
export class SetAccountPassword extends Command<PasswordSet> {
  constructor(
    readonly actor: Actor,
    readonly accountId: number,
    readonly password: string,
    readonly sendEmail: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetAccountPassword)
export class SetAccountPasswordHandler implements ICommandHandler<SetAccountPassword> {
  constructor(
    private readonly store: AggregateStore,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, accountId, password, sendEmail }: SetAccountPassword): Promise<PasswordSet> {
    assertAdmin(actor);
    const passwordHash = await this.hasher.hash(assertAcceptablePassword(password));
    const recipient = await this.store.transaction(async (uow) => {
      const profile = await loadProfileOfAccount(uow, accountId);
      profile.changePassword(passwordHash, this.clock.now(), true);
      return profile.account.email;
    }, { actor });
    if (!sendEmail) return { emailSent: false, emailError: null };
    const sent = await this.mail.sendSafely(newPasswordMail(recipient, password));
    return { emailSent: sent, emailError: sent ? null : EMAIL_ERROR };
  }
}
