import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertImage } from '../../../../platform/storage/media-storage.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { Account } from '../../domain/account.aggregate.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { TeacherProfile, type TeacherDetails } from '../../domain/profiles.js';
import { assertIdentityFree, availableUsername, identityUniqueViolation } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

/** A trainer registers; returns the new trainer's id. */
export class RegisterTeacher extends Command<number> {
  constructor(
    readonly email: string,
    /** Null: derived from the e-mail (see availableUsername). */
    readonly username: string | null,
    readonly password: string,
    readonly details: TeacherDetails,
    readonly profileImg?: Buffer,
  ) {
    super();
  }
}

@CommandHandler(RegisterTeacher)
export class RegisterTeacherHandler implements ICommandHandler<RegisterTeacher> {
  constructor(
    private readonly store: AggregateStore,
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(command: RegisterTeacher): Promise<number> {
    if (command.profileImg) assertImage(command.profileImg, 'profile_img');
    const password = assertAcceptablePassword(command.password);
    // The cheap checks first: a taken e-mail costs no password hashing.
    if (command.username) await assertIdentityFree(this.orm.em.fork(), command.email, command.username);
    const passwordHash = await this.hasher.hash(password);
    const image = command.profileImg;
    // Stored before the transaction (docs/adr/0060); removed if the registration is refused.
    const staged = await this.store.stage(async (read) => (image ? read.uploads.putImage('profiles', image, 'profile_img') : null));
    return this.store.transaction(
      async (uow) => {
        const username = command.username ?? (await availableUsername(uow.em, command.email));
        await assertIdentityFree(uow.em, command.email, username);
        const photo = uow.uploads.keep(staged);
        const account = new Account({ email: command.email, username, passwordHash, role: 'teacher', now: this.clock.now() });
        const teacher = uow.add(TeacherProfile.register(account, command.details, photo));
        return () => teacher.id;
      },
      { uniqueViolation: identityUniqueViolation, staged },
    );
  }
}
