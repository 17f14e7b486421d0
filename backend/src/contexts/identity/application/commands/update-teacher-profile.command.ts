import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { assertImage, MediaStorage } from '../../../../platform/storage/media-storage.js';
import { TeacherNotFoundError } from '../../domain/identity.errors.js';
import { TeacherDetails, TeacherProfile } from '../../domain/profiles.entity.js';
import { assertIdentityFree, translateUniqueViolation } from '../account-repository.js';

export class UpdateTeacherProfile {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly email: string,
    readonly details: TeacherDetails,
    readonly profileImg?: Buffer,
  ) {}
}

@CommandHandler(UpdateTeacherProfile)
export class UpdateTeacherProfileHandler implements ICommandHandler<UpdateTeacherProfile, void> {
  constructor(
    private readonly orm: MikroORM,
    private readonly storage: MediaStorage,
    private readonly clock: Clock,
  ) {}

  async execute(command: UpdateTeacherProfile): Promise<void> {
    assertSelfOrAdmin(command.actor, 'teacher', command.teacherId);
    const imageType = command.profileImg ? assertImage(command.profileImg, 'profile_img') : null;
    let replaced: string | null = null;
    try {
      await this.orm.em.fork().transactional(async (em) => {
        const teacher = await em.findOne(TeacherProfile, { id: command.teacherId }, { populate: ['account'] });
        if (!teacher) throw new TeacherNotFoundError();
        await assertIdentityFree(em, command.email, teacher.account.username, teacher.account.id);
        teacher.account.changeIdentity(command.email, teacher.account.username, this.clock.now());
        teacher.update(command.details);
        if (command.profileImg && imageType) {
          replaced = teacher.profileImg;
          teacher.profileImg = await this.storage.put('profiles', imageType, command.profileImg);
        }
        await em.flush();
      });
    } catch (error) {
      translateUniqueViolation(error);
    }
    if (replaced) await this.storage.remove(replaced);
  }
}
