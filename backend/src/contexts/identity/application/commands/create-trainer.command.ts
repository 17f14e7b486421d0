import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { Account } from '../../domain/account.aggregate.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { TeacherProfile, type TeacherAdminRecord } from '../../domain/profiles.js';
import { assertIdentityFree, identityUniqueViolation } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

/** An admin creates a trainer (POST /formateur/); returns the trainer's id. */
export class CreateTrainer extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly record: TeacherAdminRecord,
    readonly username: string,
    readonly password: string,
  ) {
    super();
  }
}

@CommandHandler(CreateTrainer)
export class CreateTrainerHandler implements ICommandHandler<CreateTrainer> {
  constructor(
    private readonly store: AggregateStore,
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, record, username, password }: CreateTrainer): Promise<number> {
    assertAdmin(actor);
    assertAcceptablePassword(password);
    await assertIdentityFree(this.orm.em.fork(), record.email, username);
    const passwordHash = await this.hasher.hash(password);
    return this.store.transaction(
      async (uow) => {
        await assertIdentityFree(uow.em, record.email, username);
        const account = new Account({ email: record.email, username, passwordHash, role: 'teacher', now: this.clock.now() });
        const teacher = uow.add(TeacherProfile.create(account, record));
        return () => teacher.id;
      },
      { actor, uniqueViolation: identityUniqueViolation },
    );
  }
}
