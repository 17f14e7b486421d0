import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { TeacherNotFoundError } from '../../domain/identity.errors.js';
import { TeacherProfile, type TeacherAdminRecord } from '../../domain/profiles.js';
import { assertIdentityFree, identityUniqueViolation } from '../account-repository.js';

/** An admin edits a trainer (PATCH /formateur/{id}/): only the fields sent; the login name never changes. */
export class UpdateTrainerRecord extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly teacherId: number,
    readonly changes: Partial<TeacherAdminRecord>,
  ) {
    super();
  }
}

@CommandHandler(UpdateTrainerRecord)
export class UpdateTrainerRecordHandler implements ICommandHandler<UpdateTrainerRecord> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, teacherId, changes }: UpdateTrainerRecord): Promise<void> {
    assertAdmin(actor);
    await this.store.transaction(
      async (uow) => {
        const teacher = await uow.load(TeacherProfile, { id: teacherId }, () => new TeacherNotFoundError(), { populate: ['account'] });
        if (changes.email !== undefined) await assertIdentityFree(uow.em, changes.email, teacher.account.username, teacher.account.id);
        teacher.updateAdminRecord(changes, this.clock.now());
      },
      { actor, uniqueViolation: identityUniqueViolation },
    );
  }
}
