import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { AggregateStore } from '../../../../platform/aggregate-store/index.js';
import { assertAdmin } from '../../../../platform/auth/ownership.js';
import { Database } from '../../../../platform/database/database.js';
import type { Actor } from '../../../../shared-kernel/index.js';
import { NotEnrolledInCourseError } from '../../domain/enrolment.errors.js';
import type { EnrolmentContacts } from '../../domain/enrolment-contacts.js';
import { StudentCourse } from '../../domain/student-course.aggregate.js';
import { assertStudentExists } from './set-enrolment-funding.command.js';

/** One enrolment's contacts as an admin reads them, with whether the enrolment is current. */
export interface EnrolmentContactsState {
  enrolled: boolean;
  employerName: string | null;
  contacts: EnrolmentContacts;
}

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

/** An admin reads an enrolment's contacts (404 when the student was never enrolled in the course). */
export class GetEnrolmentContacts extends Query<EnrolmentContactsState> {
  constructor(
    readonly actor: Actor,
    readonly studentId: number,
    readonly courseId: number,
  ) {
    super();
  }
}

@QueryHandler(GetEnrolmentContacts)
export class GetEnrolmentContactsHandler implements IQueryHandler<GetEnrolmentContacts> {
  constructor(private readonly db: Database) {}

  async execute({ actor, studentId, courseId }: GetEnrolmentContacts): Promise<EnrolmentContactsState> {
    assertAdmin(actor);
    await assertStudentExists(this.db, studentId);
    const row = await this.db.one<{ enrolled: boolean; employer_name: string | null } & Record<'employer_contact_name' | 'employer_email' | 'employer_phone' | 'funder_name' | 'funder_email', string | null>>(
      `select enrolled_at is not null as enrolled, employer_name, employer_contact_name, employer_email, employer_phone, funder_name, funder_email
         from enrolment.student_course
        where student_id = $1 and course_id = $2 and (enrolled_at is not null or first_enrolled_at is not null)`,
      [studentId, courseId],
    );
    if (!row) throw new NotEnrolledInCourseError();
    return {
      enrolled: row.enrolled,
      employerName: row.employer_name,
      contacts: {
        employerContactName: row.employer_contact_name,
        employerEmail: row.employer_email,
        employerPhone: row.employer_phone,
        funderName: row.funder_name,
        funderEmail: row.funder_email,
      },
    };
  }
}
