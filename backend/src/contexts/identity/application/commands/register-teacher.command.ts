import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { EventLog } from '../../../../platform/event-log/index.js';
import { Clock } from '../../../../shared-kernel/index.js';
import { assertImage, MediaStorage } from '../../../../platform/storage/media-storage.js';
import { Account } from '../../domain/account.entity.js';
import { assertAcceptablePassword } from '../../domain/password-policy.js';
import { TeacherDetails, TeacherProfile } from '../../domain/profiles.entity.js';
import { assertIdentityFree, availableUsername, recordAccountEvent, translateUniqueViolation } from '../account-repository.js';
import { PasswordHasher } from '../password-hasher.js';

export class RegisterTeacher {
  constructor(
    readonly email: string,
    /** Null: derived from the e-mail (see availableUsername). */
    readonly username: string | null,
    readonly password: string,
    readonly details: TeacherDetails,
    readonly profileImg?: Buffer,
  ) {}
}

@CommandHandler(RegisterTeacher)
export class RegisterTeacherHandler implements ICommandHandler<RegisterTeacher, number> {
  constructor(
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly storage: MediaStorage,
    private readonly clock: Clock,
    private readonly events: EventLog,
  ) {}

  async execute(command: RegisterTeacher): Promise<number> {
    const imageType = command.profileImg ? assertImage(command.profileImg, 'profile_img') : null;
    const password = assertAcceptablePassword(command.password);
    // The cheap checks first: a taken e-mail costs no password hashing.
    if (command.username) await assertIdentityFree(this.orm.em.fork(), command.email, command.username);
    const passwordHash = await this.hasher.hash(password);
    let stored: string | null = null;
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        const username = command.username ?? (await availableUsername(em, command.email));
        await assertIdentityFree(em, command.email, username);
        const account = new Account({ email: command.email, username, passwordHash, role: 'teacher', now: this.clock.now() });
        const teacher = new TeacherProfile(account, command.details);
        if (command.profileImg && imageType) teacher.profileImg = stored = await this.storage.put('profiles', imageType, command.profileImg);
        em.persist([account, teacher]);
        await em.flush();
        await recordAccountEvent(this.events, em, account.id, { type: 'TeacherRegistered', payload: { accountId: account.id, teacherId: teacher.id } }, { newAccount: true });
        return teacher.id;
      });
    } catch (error) {
      if (stored) await this.storage.remove(stored);
      translateUniqueViolation(error);
    }
  }
}
