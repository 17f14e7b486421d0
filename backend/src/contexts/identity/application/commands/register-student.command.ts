import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { Account } from '../../domain/account.aggregate.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { StudentProfile } from '../../domain/profiles.js';
import { assertIdentityFree, identityUniqueViolation } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

/** A student registers; returns the new student's id. */
export class RegisterStudent extends Command<number> {
  constructor(
    readonly fullname: string,
    readonly email: string,
    readonly username: string,
    readonly password: string,
    readonly interestedCategories: string,
    readonly formationTitle: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(RegisterStudent)
export class RegisterStudentHandler implements ICommandHandler<RegisterStudent> {
  constructor(
    private readonly store: AggregateStore,
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(command: RegisterStudent): Promise<number> {
    const password = assertAcceptablePassword(command.password);
    // The cheap check first: a taken e-mail or username costs no password hashing.
    await assertIdentityFree(this.orm.em.fork(), command.email, command.username);
    const passwordHash = await this.hasher.hash(password);
    return this.store.transaction(
      async (uow) => {
        await assertIdentityFree(uow.em, command.email, command.username);
        const account = new Account({ email: command.email, username: command.username, passwordHash, role: 'student', now: this.clock.now() });
        const student = uow.add(StudentProfile.register(account, command.fullname, command.interestedCategories, command.formationTitle));
        return () => student.id;
      },
      { uniqueViolation: identityUniqueViolation },
    );
  }
}
