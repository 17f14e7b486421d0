import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { NotEnrolledInCourseError } from '../../domain/enrolment.errors.js';
import type { EnrolmentContacts } from '../../domain/enrolment-contacts.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';
import { assertStudentExists } from './set-enrolment-funding.command.js';

/** An admin sets the employer's and the funder's contacts of a student's enrolment (docs/adr/0032, 0054), all at once. */
export class SetEnrolmentContacts extends Command<{ changed: boolean }> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
    readonly contacts: EnrolmentContacts,
  ) {
    super();
  }
}

@CommandHandler(SetEnrolmentContacts)
export class SetEnrolmentContactsHandler implements ICommandHandler<SetEnrolmentContacts> {
  constructor(
    private readonly store: AggregateStore,
    private readonly db: Database,
  ) {}

  async execute({ actor, studentId, courseId, contacts }: SetEnrolmentContacts): Promise<{ changed: boolean }> {
    assertAdmin(actor);
    await assertStudentExists(this.db, studentId);
    return this.store.transaction(async (uow) => {
      const link = await uow.load(StudentCourse, { studentId, courseId }, () => new NotEnrolledInCourseError());
      return { changed: link.setContacts(contacts) };
    }, { actor });
  }
}
