import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { Account } from '../../domain/account.entity.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { AdminProfile } from '../../domain/profiles.entity.js';
import { assertIdentityFree, recordAccountEvent, translateUniqueViolation } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

/** Admins are created by operators (demo data, or a deployment script), never by self-registration. */
export class CreateAdmin {
  constructor(
    readonly fullName: string,
    readonly email: string,
    readonly username: string,
    readonly password: string,
  ) {}
}

@CommandHandler(CreateAdmin)
export class CreateAdminHandler implements ICommandHandler<CreateAdmin, number> {
  constructor(
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly events: EventLog,
  ) {}

  async execute(command: CreateAdmin): Promise<number> {
    const passwordHash = await this.hasher.hash(assertAcceptablePassword(command.password));
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        await assertIdentityFree(em, command.email, command.username);
        const account = new Account({ email: command.email, username: command.username, passwordHash, role: 'admin', now: this.clock.now() });
        const admin = new AdminProfile(account, command.fullName);
        em.persist([account, admin]);
        await em.flush();
        await recordAccountEvent(this.events, em, account.id, { type: 'AdminCreated', payload: { accountId: account.id, adminId: admin.id } }, { newAccount: true });
        return admin.id;
      });
    } catch (error) {
      translateUniqueViolation(error);
    }
  }
}
