import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { Account } from '../../domain/account.aggregate.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { AdminProfile } from '../../domain/profiles.js';
import { assertIdentityFree, identityUniqueViolation } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

/** Admins are created by operators (demo data, or a deployment script), never by self-registration. */
export class CreateAdmin extends Command<number> {
  constructor(
    readonly fullName: string,
    readonly email: string,
    readonly username: string,
    readonly password: string,
  ) {
    super();
  }
}

@CommandHandler(CreateAdmin)
export class CreateAdminHandler implements ICommandHandler<CreateAdmin> {
  constructor(
    private readonly store: AggregateStore,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateAdmin): Promise<number> {
    const passwordHash = await this.hasher.hash(assertAcceptablePassword(command.password));
    return this.store.transaction(
      async (uow) => {
        await assertIdentityFree(uow.em, command.email, command.username);
        const account = new Account({ email: command.email, username: command.username, passwordHash, role: 'admin', now: this.clock.now() });
        const admin = uow.add(AdminProfile.create(account, command.fullName));
        return () => admin.id;
      },
      { uniqueViolation: identityUniqueViolation },
    );
  }
}
