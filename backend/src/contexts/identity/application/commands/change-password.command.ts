import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Actor, Clock, Role } from '../../../../shared-kernel/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { EventLog } from '../../../../platform/event-log/index.js';
import { MailService } from '../../../../platform/mail/mail.service.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { loadProfileWithAccount, recordAccountEvent } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

/** A new password closes every session of the account and tells its owner by e-mail. */
export class ChangePassword {
  constructor(
    readonly actor: Actor,
    readonly role: Extract<Role, 'student' | 'teacher'>,
    readonly profileId: number,
    readonly password: string,
  ) {}
}

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword, void> {
  constructor(
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly events: EventLog,
  ) {}

  async execute(command: ChangePassword): Promise<void> {
    assertSelfOrAdmin(command.actor, command.role, command.profileId);
    const passwordHash = await this.hasher.hash(assertAcceptablePassword(command.password));
    const recipient = await this.orm.em.fork().transactional(async (em) => {
      const profile = await loadProfileWithAccount(em, command.role, command.profileId);
      profile.account.changePassword(passwordHash, this.clock.now());
      await em.flush();
      const { actor } = command;
      await recordAccountEvent(
        this.events,
        em,
        profile.account.id,
        { type: 'PasswordChanged', payload: { accountId: profile.account.id, role: command.role, profileId: command.profileId, byAdmin: actor.role === 'admin' } },
        { actor },
      );
      return profile.account.email;
    });
    await this.mail.sendSafely({
      to: recipient,
      subject: 'Votre mot de passe a été modifié',
      text:
        'Bonjour,\n\nLe mot de passe de votre compte vient d’être modifié et toutes vos sessions ont été fermées.\n' +
        'Si vous n’êtes pas à l’origine de ce changement, contactez immédiatement l’administration du centre.\n\nL’équipe pédagogique',
    });
  }
}
