import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { EventLog } from '../../../../platform/event-log/index.js';
import { assertImage, MediaStorage } from '../../../../platform/storage/media-storage.js';
import { StudentNotFoundError } from '../../domain/identity.errors.js';
import { StudentProfile } from '../../domain/profiles.entity.js';
import { assertIdentityFree, recordAccountEvent, translateUniqueViolation } from '../account-repository.js';

export class UpdateStudentProfile {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly fullname: string,
    readonly email: string,
    readonly username: string,
    readonly interestedCategories: string,
    readonly profileImg?: Buffer,
  ) {}
}

@CommandHandler(UpdateStudentProfile)
export class UpdateStudentProfileHandler implements ICommandHandler<UpdateStudentProfile, void> {
  constructor(
    private readonly orm: MikroORM,
    private readonly storage: MediaStorage,
    private readonly clock: Clock,
    private readonly events: EventLog,
  ) {}

  async execute(command: UpdateStudentProfile): Promise<void> {
    assertSelfOrAdmin(command.actor, 'student', command.studentId);
    const imageType = command.profileImg ? assertImage(command.profileImg, 'profile_img') : null;
    let replaced: string | null = null;
    let stored: string | null = null;
    try {
      await this.orm.em.fork().transactional(async (em) => {
        const student = await em.findOne(StudentProfile, { id: command.studentId }, { populate: ['account'] });
        if (!student) throw new StudentNotFoundError();
        await assertIdentityFree(em, command.email, command.username, student.account.id);
        const before = studentFields(student);
        student.account.changeIdentity(command.email, command.username, this.clock.now());
        student.fullname = command.fullname.trim();
        student.interestedCategories = command.interestedCategories.trim();
        if (command.profileImg && imageType) {
          replaced = student.profileImg;
          student.profileImg = stored = await this.storage.put('profiles', imageType, command.profileImg);
        }
        await em.flush();
        const after = studentFields(student);
        const fields = Object.keys(after).filter((field) => after[field] !== before[field]);
        if (fields.length === 0) return;
        await recordAccountEvent(this.events, em, student.account.id, { type: 'ProfileUpdated', payload: { accountId: student.account.id, role: 'student', profileId: student.id, fields } }, { actor: command.actor });
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
function studentFields(student: StudentProfile): Record<string, string | null> {
  return {
    fullname: student.fullname,
    email: student.account.email,
    username: student.account.username,
    interested_categories: student.interestedCategories,
    profile_img: student.profileImg,
  };
}
