import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { EventLog } from '../../../../platform/event-log/index.js';
import { assertImage, MediaStorage } from '../../../../platform/storage/media-storage.js';
import { TeacherNotFoundError } from '../../domain/identity.errors.js';
import { TeacherDetails, TeacherProfile } from '../../domain/profiles.entity.js';
import { assertIdentityFree, recordAccountEvent, translateUniqueViolation } from '../account-repository.js';

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
    private readonly events: EventLog,
  ) {}

  async execute(command: UpdateTeacherProfile): Promise<void> {
    assertSelfOrAdmin(command.actor, 'teacher', command.teacherId);
    const imageType = command.profileImg ? assertImage(command.profileImg, 'profile_img') : null;
    let replaced: string | null = null;
    let stored: string | null = null;
    try {
      await this.orm.em.fork().transactional(async (em) => {
        const teacher = await em.findOne(TeacherProfile, { id: command.teacherId }, { populate: ['account'] });
        if (!teacher) throw new TeacherNotFoundError();
        await assertIdentityFree(em, command.email, teacher.account.username, teacher.account.id);
        const before = teacherFields(teacher);
        teacher.account.changeIdentity(command.email, teacher.account.username, this.clock.now());
        teacher.update(command.details);
        if (command.profileImg && imageType) {
          replaced = teacher.profileImg;
          teacher.profileImg = stored = await this.storage.put('profiles', imageType, command.profileImg);
        }
        await em.flush();
        const after = teacherFields(teacher);
        const fields = Object.keys(after).filter((field) => after[field] !== before[field]);
        if (fields.length === 0) return;
        await recordAccountEvent(this.events, em, teacher.account.id, { type: 'ProfileUpdated', payload: { accountId: teacher.account.id, role: 'teacher', profileId: teacher.id, fields } }, { actor: command.actor });
      });
    } catch (error) {
      // The change was rolled back: the new image it stored belongs to nothing.
      if (stored) await this.storage.remove(stored);
      translateUniqueViolation(error);
    }
    if (replaced) await this.storage.remove(replaced);
  }
}

/** The fields ProfileUpdated names when they change (their values stay out of the log). */
function teacherFields(teacher: TeacherProfile): Record<string, string | null> {
  return {
    email: teacher.account.email,
    full_name: teacher.fullName,
    qualification: teacher.qualification,
    mobile_no: teacher.mobileNo,
    skills: teacher.skills,
    detail: teacher.detail,
    face_url: teacher.faceUrl,
    insta_url: teacher.instaUrl,
    twit_url: teacher.twitUrl,
    web_url: teacher.webUrl,
    you_url: teacher.youUrl,
    profile_img: teacher.profileImg,
  };
}
