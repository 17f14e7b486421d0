import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Actor, Clock, Role } from '../../../../shared-kernel/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { loadProfile } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

/** A new password closes every session of the account and tells its owner by e-mail. */
export class ChangePassword extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly role: Extract<Role, 'student' | 'teacher'>,
    readonly profileId: number,
    readonly password: string,
  ) {
    super();
  }
}

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    private readonly store: AggregateStore,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async execute(command: ChangePassword): Promise<void> {
    assertSelfOrAdmin(command.actor, command.role, command.profileId);
    const passwordHash = await this.hasher.hash(assertAcceptablePassword(command.password));
    const { actor } = command;
    const recipient = await this.store.transaction(async (uow) => {
      const profile = await loadProfile(uow, command.role, command.profileId);
      profile.changePassword(passwordHash, this.clock.now(), actor.role === 'admin');
      return profile.account.email;
    }, { actor });
    await this.mail.sendSafely({
      to: recipient,
      subject: 'Votre mot de passe a été modifié',
      text:
        'Bonjour,\n\nLe mot de passe de votre compte vient d’être modifié et toutes vos sessions ont été fermées.\n' +
        'Si vous n’êtes pas à l’origine de ce changement, contactez immédiatement l’administration du centre.\n\nL’équipe pédagogique',
    });
  }
}
