import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Actor, Clock } from '../../../../shared-kernel/index.js';
import { IDENTITY_MESSAGES, InvalidRecordError, StudentNotFoundError } from '../../domain/identity.errors.js';
import { StudentProfile, type StudentRecord } from '../../domain/profiles.js';
import { assertIdentityFree } from '../account-repository.js';
import { assertDossierFree, recordUniqueViolation } from '../record-checks.js';

/** An admin changes a student's record (PATCH /admin/students/{id}/): only the fields sent; the login name stays. */
export class UpdateStudentRecord extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly changes: Partial<StudentRecord>,
  ) {
    super();
  }
}

@CommandHandler(UpdateStudentRecord)
export class UpdateStudentRecordHandler implements ICommandHandler<UpdateStudentRecord> {
  constructor(
    private readonly store: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute({ actor, studentId, changes }: UpdateStudentRecord): Promise<void> {
    assertAdmin(actor);
    const { username, ...rest } = changes;
    await this.store.transaction(
      async (uow) => {
        const student = await uow.load(StudentProfile, { id: studentId }, () => new StudentNotFoundError(), { populate: ['account'] });
        // The edit form sends the login back unchanged; another value is refused (spec: « Ce champ ne peut pas être modifié »).
        if (username !== undefined && username.toLowerCase() !== student.account.username.toLowerCase()) {
          throw new InvalidRecordError(IDENTITY_MESSAGES.usernameLocked, 'nom_utilisateur_lms');
        }
        if (rest.email !== undefined) await assertIdentityFree(uow.em, rest.email, student.account.username, student.account.id);
        if (rest.numeroDossier !== undefined) await assertDossierFree(uow.em, rest.numeroDossier, student.id);
        student.updateRecord(rest, this.clock.now());
      },
      { actor, uniqueViolation: recordUniqueViolation },
    );
  }
}
