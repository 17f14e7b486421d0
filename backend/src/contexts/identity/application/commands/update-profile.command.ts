import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertSelfOrAdmin } from '../../../../platform/auth/ownership.js';
import { assertImage } from '../../../../platform/storage/media-storage.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { StudentProfile, TeacherProfile, type StudentChanges, type TeacherDetails } from '../../domain/profiles.js';
import { assertIdentityFree, identityUniqueViolation, loadProfile } from '../account-repository.js';

export type ProfileChanges =
  | { role: 'student'; fields: Omit<StudentChanges, 'profileImg'> }
  | { role: 'teacher'; fields: { email: string; details: TeacherDetails } };

/** A student or trainer (or an admin for them) updates the profile; a new photo replaces the old one. */
export class UpdateProfile extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly profileId: number,
    readonly changes: ProfileChanges,
    readonly profileImg?: Buffer,
  ) {
    super();
  }
}

@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, profileId, changes, profileImg }: UpdateProfile): Promise<void> {
    assertSelfOrAdmin(actor, changes.role, profileId);
    if (profileImg) assertImage(profileImg, 'profile_img');
    // Stored before the transaction (docs/adr/0060), once the actor may change this profile.
    const staged = await this.store.stage(async (read) => (profileImg ? read.uploads.putImage('profiles', profileImg, 'profile_img') : undefined));
    await this.store.transaction(
      async (uow) => {
        const profile = await loadProfile(uow, changes.role, profileId);
        const username = changes.role === 'student' ? changes.fields.username : profile.account.username;
        await assertIdentityFree(uow.em, changes.fields.email, username, profile.account.id);
        const photo = uow.uploads.keep(staged);
        if (photo) uow.uploads.supersede(profile.profileImg);
        const now = this.clock.now();
        if (changes.role === 'student' && profile instanceof StudentProfile) profile.update({ ...changes.fields, profileImg: photo }, now);
        if (changes.role === 'teacher' && profile instanceof TeacherProfile) profile.update(changes.fields.email, changes.fields.details, photo, now);
      },
      { actor, uniqueViolation: identityUniqueViolation, staged },
    );
  }
}
