import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { Account } from '../../domain/account.entity.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { StudentProfile } from '../../domain/profiles.entity.js';
import { assertIdentityFree, recordAccountEvent, translateUniqueViolation } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

export class RegisterStudent {
  constructor(
    readonly fullname: string,
    readonly email: string,
    readonly username: string,
    readonly password: string,
    readonly interestedCategories: string,
    readonly formationTitle: string | null = null,
  ) {}
}

@CommandHandler(RegisterStudent)
export class RegisterStudentHandler implements ICommandHandler<RegisterStudent, number> {
  constructor(
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly events: EventLog,
  ) {}

  async execute(command: RegisterStudent): Promise<number> {
    const password = assertAcceptablePassword(command.password);
    // The cheap check first: a taken e-mail or username costs no password hashing.
    await assertIdentityFree(this.orm.em.fork(), command.email, command.username);
    const passwordHash = await this.hasher.hash(password);
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        await assertIdentityFree(em, command.email, command.username);
        const account = new Account({ email: command.email, username: command.username, passwordHash, role: 'student', now: this.clock.now() });
        const student = new StudentProfile(account, command.fullname, command.interestedCategories);
        student.formationTitle = command.formationTitle;
        em.persist([account, student]);
        await em.flush();
        await recordAccountEvent(this.events, em, account.id, { type: 'StudentRegistered', payload: { accountId: account.id, studentId: student.id } }, { newAccount: true });
        return student.id;
      });
    } catch (error) {
      translateUniqueViolation(error);
    }
  }
}
